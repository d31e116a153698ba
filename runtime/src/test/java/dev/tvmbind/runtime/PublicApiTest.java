package dev.tvmbind.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tvmbind.runtime.ffi.FfiFunction;
import dev.tvmbind.runtime.ffi.SchemaMismatchError;
import dev.tvmbind.runtime.ffi.Tensor;
import dev.tvmbind.runtime.ffi.TvmFfiException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The runtime's public surface, fixed before a first release: what users read they cannot make,
 * failures come in their families, and unknown has one spelling.
 */
class PublicApiTest {
    private static final List<Class<?>> READ_ONLY = List.of(ModelInfo.class, TensorInfo.class,
            TvmFfiException.class, MissingSymbolsError.class, WrongModelError.class,
            UnreadableLibraryError.class, FfiFunction.class, Tensor.class,
            SchemaMismatchError.class);

    @Test
    void theDescriptionsAndFailuresHaveNoPublicConstructorAndNoSubclass() {
        for (Class<?> type : READ_ONLY) {
            assertEquals(0, type.getConstructors().length, type + " has a public constructor");
            assertTrue(Modifier.isFinal(type.getModifiers()) || closedFamily(type),
                    type + " is final, or sealed with only final classes users cannot name");
        }
    }

    /** Sealed, each subclass final and package-private, so no user code extends or names it. */
    private static boolean closedFamily(Class<?> type) {
        return type.isSealed() && Arrays.stream(type.getPermittedSubclasses()).allMatch(
                sub -> Modifier.isFinal(sub.getModifiers()) && !Modifier.isPublic(sub.getModifiers())
                        && sub.getConstructors().length == 0);
    }

    /** A run's failures are one sealed family: TVM's C interface's, and its FFI's. */
    @Test
    void runFailuresAreASealedFamily() {
        assertEquals(0, TvmException.class.getConstructors().length);
        assertTrue(TvmException.class.isSealed());
        assertEquals(List.of(TvmFfiException.class),
                List.of(TvmException.class.getPermittedSubclasses()));
    }

    @Test
    void onlyGeneratedCodeMakesAProvider() throws Exception {
        Constructor<?>[] constructors = ModelProvider.class.getDeclaredConstructors();
        assertEquals(1, constructors.length);
        assertTrue(Modifier.isProtected(constructors[0].getModifiers()));
        // Its one parameter is a description, which users cannot make.
        assertEquals(List.of(ModelInfo.class), List.of(constructors[0].getParameterTypes()));
        assertTrue(Modifier.isFinal(ModelProvider.class.getMethod("info").getModifiers()));
    }

    /** No step named like an accessor (`info.inputs(x)` compiled, and its copy was dropped). */
    @Test
    void theDescriptionsOnlyAnswer() {
        for (Class<?> type : List.of(ModelInfo.class, TensorInfo.class)) {
            for (Method method : type.getMethods()) {
                assertTrue(method.getReturnType() != type, method + " returns another " + type);
            }
        }
    }

    /** What the interface does not say is an empty Optional, never 0 or an empty list. */
    @Test
    void unknownIsAlwaysAnEmptyOptional() throws Exception {
        for (String accessor : List.of("dtype", "shape", "bytes", "elementCount")) {
            Class<?> type = TensorInfo.class.getMethod(accessor).getReturnType();
            assertTrue(type == Optional.class || type == OptionalLong.class, accessor + ": " + type);
        }
        assertEquals(Optional.class, ModelInfo.class.getMethod("runSymbol").getReturnType());
    }

    @Test
    void loadFailuresAreUnsatisfiedLinkErrorsAndRunFailuresTvmExceptions() {
        for (Class<?> type : List.of(MissingSymbolsError.class, WrongModelError.class,
                UnreadableLibraryError.class)) {
            assertEquals(UnsatisfiedLinkError.class, type.getSuperclass());
        }
        assertEquals(RuntimeException.class, TvmException.class.getSuperclass());
    }

    @Test
    void thePublicTypesAreTheseAndNoOthers() throws Exception {
        assertEquals(Set.of("ClassPathLibrary", "MissingSymbolsError", "ModelInfo",
                "ModelProvider", "TensorInfo", "TvmException", "TvmExecutor", "TvmLibrary",
                "TvmModels", "UnreadableLibraryError", "WrongModelError"),
                publicTypes("dev.tvmbind.runtime"));
        assertEquals(Set.of("DLDataType", "DLDevice", "FfiFunction", "FfiModule", "FfiObject",
                "SchemaMismatchError", "Tensor", "TvmFfiException"),
                publicTypes("dev.tvmbind.runtime.ffi"));
        assertEquals(Set.of("RelaxBundle", "RelaxModule", "RelaxOptions", "RelaxVm"),
                publicTypes("dev.tvmbind.runtime.relax"));
    }

    private static Set<String> publicTypes(String packageName) throws Exception {
        return Arrays.stream(new java.io.File(ModelInfo.class.getProtectionDomain()
                        .getCodeSource().getLocation().toURI()).toPath()
                        .resolve(packageName.replace('.', '/')).toFile().list())
                .filter(name -> name.endsWith(".class") && !name.contains("$"))
                .map(name -> name.substring(0, name.length() - ".class".length()))
                .filter(name -> {
                    try {
                        return Modifier.isPublic(Class.forName(packageName + "." + name)
                                .getModifiers());
                    } catch (ClassNotFoundException e) {
                        throw new AssertionError(e);
                    }
                })
                .collect(Collectors.toSet());
    }
}
