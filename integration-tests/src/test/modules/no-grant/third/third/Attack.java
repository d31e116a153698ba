package third;

import dev.tvmbind.runtime.ModelProvider;
import dev.tvmbind.runtime.TvmExecutor;
import dev.tvmbind.runtime.TvmLibrary;
import dev.tvmbind.runtime.TvmModels;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.reflect.Executable;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Everything a module without native access can reach of tvmbind, aimed at one native function
 * whose address it knows and one library whose constructor it would like to run: every public
 * method and constructor of every public type the runtime and the model module export, called on
 * the application's pool (inside the application's code) with arguments of its choosing, and every
 * method handle or binding they return called in turn. The doors by name are {@link Grants}'.
 */
public final class Attack {
    private final MemorySegment target;
    private final Path evil;
    /** Answers every name with the target. */
    private final SymbolLookup anyName;
    private final List<String> report = new ArrayList<>();
    private final java.util.concurrent.ExecutorService appPool;
    /** What the calls returned: receivers for a second round, handles and bindings to call. */
    private final List<Object> made = new ArrayList<>();
    private int calls;
    /** Every member the sweep found, and those it called at least once. */
    private final java.util.Set<Executable> members = new java.util.LinkedHashSet<>();
    private final java.util.Set<Executable> reached = new java.util.HashSet<>();

    private Attack(long target, Path evil, java.util.concurrent.ExecutorService appPool) {
        this.appPool = appPool;
        this.target = MemorySegment.ofAddress(target);
        this.evil = evil;
        this.anyName = name -> Optional.of(this.target);
    }

    /**
     * @param target the address of the native function to call
     * @param evil a library whose constructor must not run
     * @param appLibrary a library the app opened and handed over
     * @param appPool the app's pool, whose threads run tasks inside the app's code
     * @return one line per attack, then the sweep's count
     */
    public static List<String> run(long target, Path evil, TvmLibrary appLibrary,
            java.util.concurrent.ExecutorService appPool) throws Exception {
        return new Attack(target, evil, appPool).all(appLibrary);
    }

    private List<String> all(TvmLibrary appLibrary) throws Exception {
        List<ModelProvider> providers = ServiceLoader.load(ModelProvider.class).stream()
                .map(ServiceLoader.Provider::get).toList();
        made.addAll(providers);
        attempt("FfiValues.toText(a result it wrote)", this::readAtTheTarget);
        attempt("the app's library", () -> run(appLibrary.executor("doubler")));
        // What the app handed over is the third's to use as it likes, close included.
        made.add(appLibrary);
        sweep();
        report.add("sweep: " + calls + " calls");
        report.add("members not reached: " + members.stream().filter(m -> !reached.contains(m))
                .map(m -> m.getDeclaringClass().getSimpleName() + "." + m.getName()).sorted()
                .distinct().toList());
        return report;
    }

    /** A string object "returned" at the target's address, read as generated code reads one. */
    private Object readAtTheTarget() throws Exception {
        MemorySegment frame = MemorySegment.ofArray(new long[] {65, target.address()});
        return Class.forName("dev.tvmbind.runtime.internal.ffi.FfiValues").getMethod("toText",
                MemorySegment.class, int.class,
                Class.forName("dev.tvmbind.runtime.internal.ffi.FfiLibrary"), String.class)
                .invoke(null, frame, 0, null, "__tvm_ffi_forged");
    }

    private static String run(TvmExecutor executor) {
        executor.setInput("x", new int[] {21});
        executor.run();
        int[] y = new int[1];
        executor.getOutput("y", y);
        return "ran, " + y[0];
    }

    private void attempt(String what, Callable<Object> attack) {
        Object outcome = call(attack);
        use(outcome);
        report.add(what + ": " + (outcome instanceof Throwable t ? t.getClass().getSimpleName()
                : outcome instanceof String s ? s : "returned " + outcome.getClass().getSimpleName()));
    }

    /**
     * Every exported public type's public methods and constructors, three times (with what the
     * rounds before made as receivers and arguments), then every {@code close} (so that the rounds
     * use what is open).
     */
    private void sweep() throws Exception {
        List<Class<?>> types = new ArrayList<>();
        for (String module : List.of("dev.tvmbind.runtime", "model")) {
            types.addAll(Exported.types(module));
        }
        int closing = 3;
        for (int round = 0; round <= closing; round++) {
            for (Class<?> type : types) {
                for (Executable member : members(type)) {
                    members.add(member);
                    if (member.getName().equals("close") != (round == closing)) {
                        continue;
                    }
                    for (int variant = 0; variant < Arguments.CLASSES.size(); variant++) {
                        if (variant > 0 && !Arguments.hasClassParameter(member)) {
                            continue;
                        }
                        if (member instanceof Method m && !Modifier.isStatic(m.getModifiers())) {
                            for (Object receiver : List.copyOf(made)) {
                                if (type.isInstance(receiver)) {
                                    invoke(member, receiver, variant);
                                }
                            }
                        } else {
                            invoke(member, null, variant);
                        }
                    }
                }
            }
        }
    }

    private static List<Executable> members(Class<?> type) {
        List<Executable> members = new ArrayList<>(List.of(type.getConstructors()));
        for (Method method : type.getMethods()) {
            if (method.getDeclaringClass().getModule() == type.getModule()) {
                members.add(method);
            }
        }
        return members;
    }

    private void invoke(Executable member, Object receiver, int variant) {
        reached.add(member);
        Object[] arguments = new Arguments(target, evil, anyName, made).forParameters(member, variant);
        Object outcome = call(() -> member instanceof Method m ? m.invoke(receiver, arguments)
                : ((java.lang.reflect.Constructor<?>) member).newInstance(arguments));
        use(outcome);
    }

    /**
     * Keeps what a call returned as a receiver (and what it holds: elements, optionals, tvmbind's
     * exceptions) and calls what could reach native code: handles and bindings.
     */
    private void use(Object outcome) {
        if (outcome instanceof java.util.Collection<?> elements) {
            elements.forEach(this::use);
        }
        if (outcome instanceof Optional<?> optional) {
            optional.ifPresent(this::use);
        }
        if (outcome instanceof Throwable thrown
                && thrown.getClass().getPackageName().startsWith("dev.tvmbind")) {
            made.add(thrown);
            return;
        }
        if (outcome == null || outcome instanceof Throwable || outcome instanceof String) {
            return;
        }
        if (made.size() < 10_000 && made.stream().noneMatch(m -> m == outcome)) {
            made.add(outcome);
        }
        if (outcome instanceof MethodHandle handle) {
            call(() -> invoke(handle));
        }
        for (Class<?> face : outcome.getClass().getInterfaces()) {
            if (face.getModule().getName() != null && face.getModule().getName().equals("model")) {
                for (Method method : face.getMethods()) {
                    call(() -> method.invoke(outcome,
                            Arguments.defaults(method.getParameterTypes())));
                }
            }
        }
    }

    private static Object invoke(MethodHandle handle) throws Exception {
        try {
            return handle.invokeWithArguments(Arguments.defaults(handle.type().parameterArray()));
        } catch (Exception | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * One call on the app's pool, inside the app's code, given up after two seconds (a free copy
     * may never come).
     */
    private Object call(Callable<Object> attack) {
        calls++;
        java.util.concurrent.Future<Object> task = appPool.submit(attack);
        try {
            Object result = task.get(2, TimeUnit.SECONDS);
            return result == null ? "null" : result;
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            return cause instanceof InvocationTargetException i ? i.getCause() : cause;
        } catch (TimeoutException e) {
            return "timeout";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return e;
        }
    }
}
