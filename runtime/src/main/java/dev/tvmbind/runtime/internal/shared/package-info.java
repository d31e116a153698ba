/**
 * What the runtime's two support packages share and no other module may reach: the public
 * types' factories, the JVM's signal dispositions, the loader's global promotions, the logger,
 * and {@link dev.tvmbind.runtime.internal.shared.InternalAccess}, by which the FFI package reaches
 * the model package's package-private members. Not exported.
 */
package dev.tvmbind.runtime.internal.shared;
