package dev.tvmbind.runtime.relax;

import dev.tvmbind.runtime.internal.ffi.RelaxMachine;
import java.util.Objects;

/**
 * One VM of a {@link RelaxModule}, leased to the thread that asked until {@link #close()}: the
 * calls TVM's Python {@code VirtualMachine} offers, stateful ones included, which must meet the
 * same VM. For one thread at a time (another thread's call while one runs is refused with
 * {@code IllegalStateException}, never run).
 */
public final class RelaxVm implements AutoCloseable {
    private final RelaxMachine machine;
    private final RelaxModule module;
    private volatile boolean returned;

    RelaxVm(RelaxMachine machine, RelaxModule module) {
        this.machine = machine;
        this.module = module;
    }

    /**
     * Calls a Relax function.
     *
     * @param function its name
     * @param arguments tensors, shapes as {@code long[]}, numbers
     * @return as {@link RelaxModule#call}
     */
    public Object call(String function, Object... arguments) {
        checkLeased();
        return machine.call(Objects.requireNonNull(function, "function"), arguments);
    }

    /**
     * Sets a function's inputs for {@link #invokeStateful}: tensors are copied into memory the
     * VM owns, so the caller's may close at once.
     *
     * @param function the Relax function
     * @param inputs its inputs, all of them, in order
     */
    public void setInput(String function, Object... inputs) {
        checkLeased();
        Object[] arguments = new Object[inputs.length + 1];
        arguments[0] = Objects.requireNonNull(function, "function");
        System.arraycopy(inputs, 0, arguments, 1, inputs.length);
        machine.vmCall("set_input", arguments);
    }

    /**
     * Runs a function on the inputs {@link #setInput} set, keeping its output in the VM.
     *
     * @param function the Relax function
     */
    public void invokeStateful(String function) {
        checkLeased();
        machine.vmCall("invoke_stateful", Objects.requireNonNull(function, "function"));
    }

    /**
     * The output {@link #invokeStateful} kept, or one element of it, a tuple's by index.
     *
     * @param function the Relax function
     * @param index the path into a tuple result, none for the whole output
     * @return as {@link RelaxModule#call}
     */
    public Object getOutput(String function, long... index) {
        checkLeased();
        Object[] arguments = new Object[index.length + 1];
        arguments[0] = Objects.requireNonNull(function, "function");
        for (int i = 0; i < index.length; i++) {
            arguments[i + 1] = index[i];
        }
        return machine.vmCall("get_output", arguments);
    }

    /**
     * How many parameters a function takes, as the VM says.
     *
     * @param function the Relax function
     * @return its arity
     */
    public long arity(String function) {
        checkLeased();
        return (Long) machine.vmCall("get_function_arity", Objects.requireNonNull(function,
                "function"));
    }

    /**
     * A parameter's name, as Relax declares it.
     *
     * @param function the Relax function
     * @param index the parameter's position
     * @return its name
     */
    public String parameterName(String function, int index) {
        checkLeased();
        return (String) machine.vmCall("get_function_param_name", Objects.requireNonNull(
                function, "function"), (long) index);
    }

    private void checkLeased() {
        if (returned) {
            throw new IllegalStateException("this VM was given back to " + module);
        }
    }

    /** Gives the VM back to its module; its inputs and outputs stay set in it. */
    @Override
    public synchronized void close() {
        if (!returned) {
            returned = true;
            module.giveBack(machine);
        }
    }
}
