package third;

import dev.tvmbind.contract.FfiFunctionContract;
import dev.tvmbind.contract.FfiType;
import dev.tvmbind.runtime.ModelInfo;
import dev.tvmbind.runtime.ModelProvider;
import dev.tvmbind.runtime.TvmExecutor;
import dev.tvmbind.runtime.TvmLibrary;
import dev.tvmbind.runtime.TvmModels;
import dev.tvmbind.runtime.internal.Linkage;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandleProxies;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * The doors by name, tried by a class that names itself wherever a door takes a binding's
 * identity (its own lookup, full privilege and {@code ORIGINAL} access, and its own nested
 * classes, linked with whatever linkage the runtime hands over), each door every way a deputy
 * could carry the call: from this frame with the application's below it, on a thread of its own,
 * on the application's pool (whose thread factory wraps tasks in the application's code) as a
 * lambda and as a JDK-made proxy of a handle to the door, on the common pool with no application
 * frame at all, and through reflection.
 */
public final class Grants {
    private static MemorySegment target;
    /** The model module's provider of the doubler, which {@link FakeBinding} borrows. */
    private static ModelProvider borrowed;

    /**
     * @param target the address of the native function to call
     * @param evil a library whose constructor must not run
     * @param appLibrary a library the app opened and handed over
     * @param appPool the app's pool, whose threads run tasks inside the app's code
     * @return one line per door
     */
    public static List<String> run(long target, Path evil, TvmLibrary appLibrary,
            ExecutorService appPool) throws Exception {
        MemorySegment address = MemorySegment.ofAddress(target);
        List<ModelProvider> providers = java.util.ServiceLoader.load(ModelProvider.class).stream()
                .map(java.util.ServiceLoader.Provider::get).toList();
        return new Grants(address, evil, name -> java.util.Optional.of(address), appLibrary,
                appPool, providers).run();
    }

    static ModelProvider borrowed() {
        return borrowed;
    }

    /** The attacker's own lookup. */
    static MethodHandles.Lookup lookup() {
        return MethodHandles.lookup();
    }

    /** Linked as a model binding's class: it runs the failed-run protocol of what it got. */
    static final class Linked implements model.Adder {
        private static final Linkage LINKAGE = Linkage.of(MethodHandles.lookup());

        Linked() {
            LINKAGE.afterFailedRun();
        }

        @Override
        public int add(int a, int b) {
            return 0;
        }
    }

    /** Linked as a tvm-ffi binding's class: it releases an object at the target's address. */
    static final class FfiLinked implements Kernel {
        private static final Linkage LINKAGE = Linkage.of(MethodHandles.lookup());

        FfiLinked() {
            if (LINKAGE.ffi() != null) {
                LINKAGE.ffi().release(target.address());
            }
        }

        @Override
        public long x() {
            return 0;
        }
    }

    /** What the tvm-ffi "binding" declares. */
    public interface Kernel {
        long x();
    }

    /** A door: a handle of no arguments that calls it, and what the attacker does with a result. */
    private record Door(String name, MethodHandle handle, Function<Object, Object> then,
            boolean everyWay) {}

    private final Path evil;
    private final SymbolLookup anyName;
    private final TvmLibrary appLibrary;
    private final ExecutorService appPool;
    private final List<ModelProvider> providers;

    private Grants(MemorySegment target, Path evil, SymbolLookup anyName, TvmLibrary appLibrary,
            ExecutorService appPool, List<ModelProvider> providers) {
        Grants.target = target;
        this.evil = evil;
        this.anyName = anyName;
        this.appLibrary = appLibrary;
        this.appPool = appPool;
        this.providers = providers;
    }

    /** One line per door: its outcome, or each way's where they differ. */
    private List<String> run() throws Exception {
        List<String> lines = new ArrayList<>();
        for (Door door : doors()) {
            Map<String, String> outcomes = new LinkedHashMap<>();
            for (Map.Entry<String, Function<MethodHandle, Object>> way : ways().entrySet()) {
                if (door.everyWay() || way.getKey().equals("inline")) {
                    outcomes.put(way.getKey(), describe(door, way.getValue().apply(door.handle())));
                }
            }
            lines.add(door.name() + ": " + (outcomes.values().stream().distinct().count() == 1
                    ? outcomes.values().iterator().next()
                    : outcomes.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                            .collect(Collectors.joining(", "))));
        }
        return lines;
    }

    private Map<String, Function<MethodHandle, Object>> ways() {
        Map<String, Function<MethodHandle, Object>> ways = new LinkedHashMap<>();
        ways.put("inline", handle -> outcome(() -> invoke(handle)));
        ways.put("own thread", handle -> {
            FutureTask<Object> task = new FutureTask<>(() -> invoke(handle));
            Thread thread = new Thread(task, "grants");
            thread.setDaemon(true);
            thread.start();
            return waitFor(task);
        });
        ways.put("app pool", handle -> waitFor(appPool.submit(() -> invoke(handle))));
        ways.put("app pool via proxy", handle -> waitFor(appPool.submit(
                Grants.<Callable<Object>>proxy(Callable.class, handle))));
        ways.put("common pool via proxy", handle -> waitFor(CompletableFuture.supplyAsync(
                Grants.<Supplier<Object>>proxy(Supplier.class, handle))));
        ways.put("reflection", handle -> outcome(() -> MethodHandle.class
                .getMethod("invokeWithArguments", Object[].class)
                .invoke(handle, (Object) new Object[0])));
        return ways;
    }

    /** A JDK-made instance of {@code face} that calls {@code handle}: no frame of this module. */
    @SuppressWarnings("unchecked")
    private static <T> T proxy(Class<?> face, MethodHandle handle) {
        return (T) MethodHandleProxies.asInterfaceInstance(face, handle);
    }

    private List<Door> doors() throws Exception {
        MethodHandles.Lookup lookup = MethodHandles.publicLookup();
        Class<?> adder = Class.forName("model.Adder");
        Class<?> binding = Class.forName("model.AdderBinding");
        Class<?> internal = Class.forName("dev.tvmbind.runtime.internal.Linking");
        borrowed = providers.stream()
                .filter(p -> p.info().modelInterface().getSimpleName().equals("Doubler"))
                .findFirst().orElseThrow();
        Function<Object, Object> runDoubler = this::runDoubler;
        Function<Object, Object> add = adding -> ((model.Adder) adding).add(1, 2);
        Function<Object, Object> none = result -> result;
        List<Door> doors = new ArrayList<>();
        doors.add(door("TvmLibrary.of(any lookup)", lookup.findStatic(TvmLibrary.class, "of",
                MethodType.methodType(TvmLibrary.class, SymbolLookup.class)), runDoubler, anyName));
        MethodHandle open = lookup.findStatic(TvmLibrary.class, "open",
                MethodType.methodType(TvmLibrary.class, Path.class));
        doors.add(door("TvmLibrary.open(evil)", open, none, evil));
        doors.add(door("TvmLibrary.open(evil, 2)", lookup.findStatic(TvmLibrary.class, "open",
                MethodType.methodType(TvmLibrary.class, Path.class, int.class)), none, evil, 2));
        doors.add(door("TvmModels.load(any lookup)", lookup.findStatic(TvmModels.class, "load",
                MethodType.methodType(Object.class, Class.class, SymbolLookup.class)), add, adder,
                anyName));
        doors.add(door("TvmModels.load(evil)", lookup.findStatic(TvmModels.class, "load",
                MethodType.methodType(Object.class, Class.class, Path.class)), add, adder, evil));
        doors.add(door("AdderBinding.load(any lookup)", lookup.findStatic(binding, "load",
                MethodType.methodType(adder, SymbolLookup.class)), add, anyName));
        doors.add(door("AdderBinding.load(evil)", lookup.findStatic(binding, "load",
                MethodType.methodType(adder, Path.class)), add, evil));
        doors.add(door("AdderBinding.load(copies)", lookup.findStatic(binding, "load",
                MethodType.methodType(adder, List.class)), none, List.of(anyName)));
        doors.add(door("PrivateCopies.load(evil)", lookup.findStatic(
                Class.forName("dev.tvmbind.runtime.internal.PrivateCopies"), "load",
                MethodType.methodType(List.class, Path.class, int.class, Arena.class)), none, evil,
                1, Arena.ofAuto()));
        doors.add(door("NativeAccess.vouch(any lookup, as itself)", ownIdentity(
                "dev.tvmbind.runtime.internal.NativeAccess", "vouch", anyName, "vouch"),
                vouched -> runDoubler(TvmLibrary.of((SymbolLookup) vouched))));
        doors.add(door("Libraries.open(evil, as itself)", ownIdentity(
                "dev.tvmbind.runtime.internal.Libraries", "open", evil, Arena.ofAuto()),
                none));
        ModelInfo adderInfo = TvmModels.info(adder);
        doors.add(door("Linking.link(its own class)", lookup.findStatic(internal, "link",
                MethodType.methodType(Object.class, MethodHandles.Lookup.class, Class.class,
                        ModelInfo.class, SymbolLookup.class)), none, lookup(),
                Linked.class, adderInfo, anyName));
        doors.add(door("Linking.link(the binding's class)", lookup.findStatic(internal, "link",
                MethodType.methodType(Object.class, MethodHandles.Lookup.class, Class.class,
                        ModelInfo.class, SymbolLookup.class)), none, lookup(),
                Class.forName("model.AdderBinding$Linked"), adderInfo, anyName));
        doors.add(door("FfiLinking.link(its own class)", lookup.findStatic(
                Class.forName("dev.tvmbind.runtime.internal.ffi.FfiLinking"), "link",
                MethodType.methodType(Object.class, MethodHandles.Lookup.class, Class.class,
                        Class.class, List.class, SymbolLookup.class)), none,
                lookup(), FfiLinked.class, Kernel.class, List.of(FfiFunctionContract.exported("x",
                        "x", FfiType.Plain.LONG)), anyName));
        doors.add(door("TvmLibrary.executor(its own description)", lookup.findVirtual(
                TvmLibrary.class, "executor", MethodType.methodType(TvmExecutor.class,
                        Class.class)).bindTo(appLibrary), this::runFake, Fake.class));
        doors.add(door("TvmLibrary.model(its own description)", lookup.findVirtual(
                TvmLibrary.class, "model", MethodType.methodType(Object.class, Class.class))
                .bindTo(appLibrary), none, Fake.class));
        // Method references made here and run by the application's pool: only their hidden frame
        // is the attacker's.
        Function<Path, TvmLibrary> openRef = TvmLibrary::open;
        Function<SymbolLookup, TvmLibrary> ofRef = TvmLibrary::of;
        doors.add(inlineOnly("TvmLibrary::open run by the app's pool", () -> CompletableFuture
                .completedFuture(evil).thenApplyAsync(openRef, appPool).get(2, TimeUnit.SECONDS),
                none));
        doors.add(inlineOnly("TvmLibrary::of run by the app's pool", () -> CompletableFuture
                .completedFuture(anyName).thenApplyAsync(ofRef, appPool).get(2, TimeUnit.SECONDS),
                runDoubler));
        doors.add(inlineOnly("TvmLibrary::of run by the common pool", () -> CompletableFuture
                .completedFuture(anyName).thenApplyAsync(ofRef).get(2, TimeUnit.SECONDS),
                runDoubler));
        return doors;
    }

    private static Door door(String name, MethodHandle handle, Function<Object, Object> then,
            Object... arguments) {
        MethodHandle bound = MethodHandles.insertArguments(handle, 0, arguments);
        return new Door(name, bound.asType(MethodType.methodType(Object.class)), then, true);
    }

    private static Door inlineOnly(String name, Callable<Object> call,
            Function<Object, Object> then) throws ReflectiveOperationException {
        MethodHandle handle = MethodHandles.lookup().findVirtual(Callable.class, "call",
                MethodType.methodType(Object.class)).bindTo(call);
        return new Door(name, handle, then, false);
    }

    /**
     * A handle to the internal method {@code name} whose identity parameter (a {@code Class}
     * before, a {@code Lookup} since) gets the attacker's own, the others {@code others} in order.
     */
    private static MethodHandle ownIdentity(String type, String name, Object... others)
            throws ReflectiveOperationException {
        for (Method method : Class.forName(type).getMethods()) {
            Class<?>[] parameters = method.getParameterTypes();
            if (!method.getName().equals(name) || parameters.length != others.length + 1) {
                continue;
            }
            List<Object> arguments = new ArrayList<>(List.of(others));
            for (int i = 0; i < parameters.length; i++) {
                if (parameters[i] == Class.class) {
                    arguments.add(i, Grants.class);
                } else if (parameters[i] == MethodHandles.Lookup.class) {
                    arguments.add(i, lookup());
                }
            }
            return MethodHandles.insertArguments(MethodHandles.publicLookup().unreflect(method),
                    0, arguments.toArray()).asType(MethodType.methodType(Object.class));
        }
        throw new NoSuchMethodException(type + "." + name);
    }

    private Object runDoubler(Object library) {
        try (TvmLibrary opened = (TvmLibrary) library) {
            TvmExecutor executor = opened.executor(Class.forName("model.Doubler"));
            executor.setInput("x", new int[] {21});
            executor.run();
            return "ran";
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(e);
        }
    }

    private Object runFake(Object made) {
        TvmExecutor executor = (TvmExecutor) made;
        executor.setInput("x", new byte[1]);
        executor.run();
        executor.close();
        return "ran";
    }

    /** The outcome's class, or what the attacker got from a result it used. */
    private static String describe(Door door, Object outcome) {
        if (outcome instanceof Throwable thrown) {
            return thrown.getClass().getSimpleName();
        }
        if (outcome instanceof String text) {
            return text;
        }
        Object then = outcome(() -> door.then().apply(outcome));
        if (then instanceof AutoCloseable closeable) {
            outcome(() -> {
                closeable.close();
                return null;
            });
        }
        return "returned " + kind(outcome)
                + (then instanceof Throwable t ? ", then " + t.getClass().getSimpleName() : "");
    }

    /** A result by its interface (a binding's class may be a hidden copy), or by its class. */
    private static String kind(Object result) {
        Class<?>[] faces = result.getClass().getInterfaces();
        String name = result instanceof TvmLibrary || faces.length == 0
                ? result.getClass().getName() : faces[0].getName();
        return name.substring(name.lastIndexOf('.') + 1).replaceAll("/.*", "");
    }

    private static Object invoke(MethodHandle handle) throws Exception {
        try {
            return handle.invoke();
        } catch (Exception | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }

    /** What a call returned or threw, unwrapped. */
    private static Object outcome(Callable<Object> call) {
        try {
            Object result = call.call();
            return result == null ? "null" : result;
        } catch (Throwable e) {
            return unwrap(e);
        }
    }

    private static Object waitFor(Future<?> future) {
        try {
            Object result = future.get(2, TimeUnit.SECONDS);
            return result == null ? "null" : result;
        } catch (ExecutionException e) {
            return unwrap(e.getCause());
        } catch (TimeoutException e) {
            return "timeout";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return e;
        }
    }

    private static Throwable unwrap(Throwable e) {
        while ((e instanceof InvocationTargetException || e instanceof ExecutionException
                || e instanceof java.lang.reflect.UndeclaredThrowableException
                || e instanceof java.util.concurrent.CompletionException) && e.getCause() != null) {
            e = e.getCause();
        }
        return e;
    }
}
