package dev.tvmbind.check;

/**
 * Every finding of reading TVM's output and comparing a model with it: entries of the one
 * catalog ({@link CatalogEntry}), printed as they are by javac, the Maven goal and the command
 * line.
 */
public enum CheckMessage implements CatalogEntry {
    TVM_OUTPUT_UNREADABLE("tvm-output-unreadable", "cannot read TVM output %s: %s"),
    TVM_OUTPUT_MISSING_MODEL("tvm-output-missing-model", "model %s is '%s' and"
            + " @TvmModel(checked = true), but the TVM output (-Atvmbind.tvmOutput) holds no such"
            + " model; it holds %s: correct the name or prefix, or the option"),
    TVM_OUTPUT_NO_HEADER("tvm-output-no-header", "model %s is '%s', which TVM's metadata.json"
            + " lists without a C interface header (%s is missing): compile the model with"
            + " --executor-aot-interface-api=c (and --executor-aot-unpacked-api=1)"),
    TVM_OUTPUT_NO_RUN("tvm-output-no-run", "model %s has no tensor entry point, but TVM's %s"
            + " declares %s_run; declare it: @EntryPoint int run(%s);"),
    TVM_OUTPUT_NAME("tvm-output-name", "%s is not in TVM's struct %s, whose member %d is TVM's"
            + " '%s': if that is the tensor meant, declare it so: %s"),
    TVM_OUTPUT_MISSING_TENSOR("tvm-output-missing-tensor", "%s lacks TVM's %s '%s', member %d of"
            + " struct %s (%s); declare it at that place: %s"),
    TVM_OUTPUT_MISSING_TENSORS("tvm-output-missing-tensor", "%s lacks %d of TVM's %ss, members"
            + " of struct %s (%s); declare each at its place, in TVM's order: %s"),
    TVM_OUTPUT_EXTRA_TENSOR("tvm-output-extra-tensor", "%s is not in TVM's struct %s, whose"
            + " members are %s; remove it or correct its name"),
    TVM_OUTPUT_ORDER("tvm-output-order", "%s is member %d of struct %s here, but member %d in"
            + " TVM's (%s); declare the parameters in TVM's order, since C reads the struct by"
            + " position"),
    TVM_OUTPUT_SIZE("tvm-output-size", "%s %s, but TVM's %s gives %d bytes; %s"),
    TVM_OUTPUT_DTYPE("tvm-output-dtype", "%s is %s, but TVM's metadata.json gives %s; declare"
            + " it: %s"),
    TVM_OUTPUT_WORKSPACE("tvm-output-workspace", "workspaceSize of %s is %d, but TVM's %s gives"
            + " %d; write workspaceSize = %d"),
    TVM_OUTPUT_REENTRANT("tvm-output-reentrant", "%s declares reentrant = true, but TVM's C keeps"
            + " its workspace in static memory: %s declares the writable static array '%s', which"
            + " concurrent runs of one loaded library would share and overwrite; remove"
            + " reentrant = true (runs then wait for each other), and to run in parallel open"
            + " private copies with TvmLibrary.open(library, n)"),
    TVM_OUTPUT_SHAPE("tvm-output-shape", "%s has shape %s, but main in TVM's %s gives %s; write"
            + " shape = %s"),
    TVM_OUTPUT_MEMBER_NAME("tvm-output-member-name", false, "%s is not TVM's name of the tensor,"
            + " '%s', although both give the struct member %s: write value = \"%s\", so that INFO,"
            + " executors and messages carry TVM's name"),
    TVM_OUTPUT_RELAY("tvm-output-relay", false, "shapes are not compared with TVM's %s: %s"),
    TVM_OUTPUT_HEADER("tvm-output-header", "the header tvmbind writes for %s differs from TVM's"
            + " %s at line %d: TVM has \"%s\", tvmbind \"%s\"; please report it, with both"
            + " headers, as a bug of tvmbind"),
    /** Only outside javac: the operator functions javac saw against those the output has now. */
    TVM_OUTPUT_OPERATORS("tvm-output-operators", "%s was checked against a compilation of '%s'"
            + " whose operator functions have changed since: %s appeared, %s went missing, so a"
            + " library built from the output as it is now is refused at load; rebuild so that"
            + " javac checks the interface again (mvn clean verify), or restore the output"),
    TVM_OUTPUT_RELAX_FUNCTION("tvm-output-relax-function", "%s, in %s, whose functions are %s:"
            + " name the method after one (in lower snake case) or write @EntryPoint(\"name\")"),
    TVM_OUTPUT_RELAX_ARITY("tvm-output-relax-arity", "%s, in %s: declare the parameters the"
            + " library's are (%s)"),
    TVM_OUTPUT_RELAX_PARAMETER("tvm-output-relax-parameter", "%s, in %s: name and type the"
            + " parameter as the library does"),
    TVM_OUTPUT_RELAX_TENSOR("tvm-output-relax-tensor", "%s, in %s: declare the @Shape as the"
            + " library's annotation says (a literal where it has one, a name where it has a name)"),
    TVM_OUTPUT_RELAX_LIBRARY("tvm-output-relax-library", "%s is @TvmRelax, but no library of"
            + " -Atvmbind.tvmOutput holds all its functions (%s): %s; name the interface's library"
            + " alone in the option, or correct the methods"),
    /** Only outside javac: the record the processor left beside the classes. */
    TVM_CHECK_RECORD("tvm-check-record", "cannot read the record of what javac checked, %s: %s");

    private final String key;
    private final boolean error;
    private final String format;

    CheckMessage(String key, String format) {
        this(key, true, format);
    }

    CheckMessage(String key, boolean error, String format) {
        this.key = key;
        this.error = error;
        this.format = format;
    }

    @Override
    public String key() {
        return key;
    }

    @Override
    public boolean error() {
        return error;
    }

    @Override
    public String format() {
        return format;
    }
}
