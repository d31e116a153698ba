/**
 * What generated bindings call: linking, per-thread scratch memory, argument checks, TVM's calling
 * convention. Exported because bindings live in applications' modules; there is no compatibility
 * promise here, and applications have no need of it.
 */
package dev.tvmbind.runtime.internal;
