package dev.tvmbind.processor.diag;

import dev.tvmbind.check.CatalogEntry;
import javax.tools.Diagnostic;

/**
 * The diagnostics only the processor prints, entries of the one catalog ({@link CatalogEntry});
 * what the TVM-output check finds it prints as the check's own entries
 * ({@link dev.tvmbind.check.CheckMessage}).
 */
public enum Message implements CatalogEntry {
    // Where the annotations may stand (README's "Using the processor").
    NOT_AN_INTERFACE("not-an-interface", "@TvmModel is on %s %s; it belongs on an interface,"
            + " which the generated binding implements"),
    PRIVATE_INTERFACE("private-interface", "@TvmModel interface %s is private, so the generated"
            + " binding cannot implement it; make it package-private or public"),
    GENERIC_INTERFACE("generic-interface", "@TvmModel interface %s has type parameters; a C"
            + " library has one fixed signature per function, so remove them"),
    SEALED_INTERFACE("sealed-interface", "@TvmModel interface %s is sealed, so the generated"
            + " binding cannot implement it; remove 'sealed' and its 'permits' clause"),
    ENCLOSING_NOT_ACCESSIBLE("private-interface", "@TvmModel interface %s is nested in %s,"
            + " which is private, so the generated binding cannot implement it"),
    MISSING_ENTRY_POINT("missing-entry-point", "abstract method %s of @TvmModel interface %s is"
            + " not an @EntryPoint; annotate it with @EntryPoint, or give it a default body"),
    ENTRY_POINT_NOT_ABSTRACT("entry-point-not-abstract", "@EntryPoint method %s is %s; only"
            + " abstract interface methods are C functions, so remove @EntryPoint or the body"),
    ENTRY_POINT_OUTSIDE_MODEL("entry-point-outside-model", "@EntryPoint method %s is not in a"
            + " @TvmModel interface; annotate %s with @TvmModel"),
    ENTRY_POINT_IN_CLASS("entry-point-outside-model", "@EntryPoint method %s is in %s %s; entry"
            + " points are abstract methods of an interface annotated with @TvmModel, so move it"
            + " to one"),
    TENSOR_OUTSIDE_ENTRY_POINT("tensor-outside-entry-point", "@%s parameter %s is not in an"
            + " @EntryPoint method of a @TvmModel interface"),
    GENERIC_METHOD("generic-method", "@EntryPoint method %s has type parameters; a C function has"
            + " one fixed signature, so remove them"),

    // TVM's FFI (README's "TVM's FFI").
    FFI_NOT_AN_INTERFACE("ffi-not-an-interface", "@TvmFfi is on %s %s; it belongs on an"
            + " interface, which the generated binding implements"),
    FFI_UNSUPPORTED_TYPE("ffi-unsupported-type", "%s of %s has type %s, which TVM's FFI binding"
            + " does not map; supported: %s, Optional<T> List<T> Map<K, V> of those (boxed) or of each"
            + " other, a @TvmFfi.Callback interface (a callback's own types not one), Optional of"
            + " one as a result, and void as a result"),
    FFI_SHAPE("ffi-shape", "%s of %s has a @Shape tvmbind cannot check: %s"),
    SHAPE_OUTSIDE_FFI("ffi-shape", "@Shape on %s has no effect: it describes a Tensor parameter or"
            + " result of a method of a @TvmFfi or @TvmRelax interface"),
    FFI_OWNED("ffi-owned", "parameter %s of %s is @TvmFfi.Owned but has type %s; only a Tensor"
            + " is owned (a tvm::ffi::Tensor parameter): remove @TvmFfi.Owned"),
    FFI_NAME("ffi-name", "%s exports the name '%s', which %s; TVM's FFI exports __tvm_ffi_<name>"
            + " with a C identifier that does not begin with '_' (tvm-ffi's own namespace is"
            + " __tvm_ffi__) and holds no '__': rename it with @EntryPoint(\"…\")"),
    FFI_DUPLICATE_SYMBOL("ffi-duplicate-symbol", "%s and %s both call %s; give one another name"
            + " with @EntryPoint(\"…\")"),
    FFI_DUPLICATE_HEADER("duplicate-header", "%s would write the C++ header %s of %s too; rename"
            + " one of the interfaces"),
    FFI_CRITICAL("ffi-critical", "%s is @EntryPoint(critical = true); functions of TVM's FFI"
            + " may call back into Java, which a critical call forbids, so remove it"),

    // Relax libraries (README's "Relax models").
    RELAX_NOT_AN_INTERFACE("relax-not-an-interface", "@TvmRelax is on %s %s; it belongs on an"
            + " interface, which the generated binding implements"),
    RELAX_AND_FFI("relax-and-ffi", "%s is both @TvmFfi and @TvmRelax; a library's functions are"
            + " either exported through TVM's FFI or Relax functions a VM runs, so remove one"),
    RELAX_UNSUPPORTED_TYPE("relax-unsupported-type", "%s of %s has type %s, which a Relax"
            + " function does not %s; use %s"),
    RELAX_ANNOTATION("relax-annotation", "%s is %s, which has no meaning for a Relax function"
            + " a VM runs, so remove it"),

    // Types (README's "Java and C types").
    UNSUPPORTED_TYPE("unsupported-type", "parameter %s of %s has type %s, which has no C"
            + " counterpart; supported: byte short int long float double boolean char"
            + " MemorySegment String, and arrays of byte short char int long float double"),
    UNSUPPORTED_RETURN("unsupported-type", "%s returns %s, which has no C counterpart;"
            + " supported: void byte short int long float double boolean char MemorySegment"),
    TENSOR_TYPE("tensor-type", "tensor parameter %s of %s has type %s; a tensor is a"
            + " MemorySegment or a primitive array (byte[] short[] char[] int[] long[] float[]"
            + " double[])"),
    VARARGS("varargs", "parameter %s of %s is varargs (%s); each Java parameter is one C"
            + " parameter and C's variadic functions have none to map it to, so declare %s and pass"
            + " an array"),
    TENSOR_RETURN("tensor-return", "tensor entry point %s returns %s; TVM's run function returns"
            + " an int32_t status, so return int (the status) or void (a non-zero status throws"
            + " TvmException)"),
    MIXED_PARAMETERS("mixed-parameters", "parameter %s of tensor entry point %s has no @Input,"
            + " @Output, @WorkspacePool or @Device; TVM's run function takes only tensor structs,"
            + " so annotate it or move it to a plain @EntryPoint"),
    TWO_ROLES("two-roles", "parameter %s has both %s; a parameter plays one part, so keep one"),
    MISSING_INPUT_OUTPUT("missing-input-output", "tensor entry point %s has no @%s; the run"
            + " function needs at least one input and one output (ISO C has no empty structs)"),
    TOO_MANY_ENTRY_POINTS("too-many-entry-points", "%s has %d entry points with %d parameters"
            + " in all: its binding would exceed the JVM's 64 KiB limit on a class initializer"
            + " (about %d entry points of this size fit); move some plain entry points to another"
            + " @TvmModel interface, a model of its own name"),
    SECOND_TENSOR_ENTRY_POINT("second-tensor-entry-point", "%s is a second tensor entry point of"
            + " model %s, after %s; TVM generates one run function per model, so declare a second"
            + " model for it"),
    NEGATIVE_SIZE("negative-size", "%s of %s is %d; a size in bytes is 0 (unknown) or more"),

    // Shapes and dtypes (README's "Java and C types").
    UNKNOWN_DTYPE("dtype", "dtype '%s' of %s is not a TVM dtype; write one of %s%s"),
    DTYPE_MISFIT("dtype", "dtype '%s' of %s does not fit its Java type %s: %s; %s"),
    SHAPE_DIMENSION("shape", "dimension %d of the shape of %s is %d; TVM's AOT shapes are static,"
            + " so every dimension is 1 or more"),
    SHAPE_OVERFLOW("shape", "the shape %s of %s holds more bytes than a long can count; check"
            + " the dimensions"),
    SHAPE_WITHOUT_DTYPE("shape", "%s is a MemorySegment with a shape but no dtype, so its size in"
            + " bytes is unknown; write the dtype, e.g. dtype = \"float32\""),
    SIZE_MISMATCH("size-mismatch", "size of %s is %d bytes, but its shape %s of %s gives %d; remove"
            + " size (it follows from the shape) or correct it"),

    // Names (README's "The naming rules javac enforces").
    EMPTY_PREFIX("empty-prefix", "the prefix of model %s is empty; every C name starts with it,"
            + " so write one such as \"tvmgen\" or leave it out for the default"),
    RESERVED_IDENTIFIER("reserved-identifier", "%s '%s' starts with '_': %s; %s"),
    DOUBLE_UNDERSCORE("double-underscore", "%s '%s' contains '__': %s; %s"),
    TRAILING_UNDERSCORE("trailing-underscore", "%s '%s' ends with '_': %s; %s"),
    UPPER_CASE("upper-case", "%s '%s' has upper-case letters: %s; %s"),
    NON_ASCII("non-ascii", "%s '%s' has characters outside ASCII: %s; %s"),
    INVALID_IDENTIFIER("invalid-identifier", "%s '%s' is not a C name: %s; %s"),
    TVM_NAMESPACE("tvm-namespace", "prefix '%s' is in TVM's own namespace ('tvm', 'tvm_...',"
            + " used by TVM's runtime), so generated code could not be told from it; %s"),
    KEYWORD("keyword", "%s '%s' is a keyword of %s, so the header would not compile; %s"),
    STANDARD_NAME("standard-name", "%s '%s' is declared by %s, which the header is compiled"
            + " with, so the prototype would break; %s"),
    DUPLICATE_SYMBOL("duplicate-symbol", "%s maps to C symbol %s, like %s before it; name one of"
            + " them with @EntryPoint(\"...\")"),
    NAME_CLASH("name-clash", "%s '%s' sanitises to member '%s' of struct %s, like '%s' before it"
            + " (TVM's name clash); give them names that differ in letters or digits"),
    WORKSPACE_CLASH("workspace-clash", "%s '%s' would declare %s, which is the model's workspace"
            + " size macro; rename the tensor"),
    DUPLICATE_IDENTIFIER("duplicate-identifier", "%s declares %s %s, which %s also declares;"
            + " rename one of them"),
    DUPLICATE_MODEL("duplicate-model", "models %s and %s are both '%s', so they would share the"
            + " header %s and every symbol; give one of them another name or prefix, or, where"
            + " one was written by describe for a newer TVM output of the same model, delete or"
            + " rename the older interface"),
    CROSS_MODEL_SYMBOL("duplicate-symbol", "%s declares %s, which model %s (%s) declares too, so"
            + " both cannot link into one library; rename one of them"),
    CROSS_MODEL_IDENTIFIER("duplicate-identifier", "%s declares %s, which model %s (%s) declares"
            + " too, so their headers cannot be included in one file; rename one of them"),

    // Warnings (README's "The naming rules javac enforces": warnings).
    RESERVED_FOR_FUTURE("reserved-name", Diagnostic.Kind.WARNING, "%s gives %s '%s', which"
            + " matches %s, reserved by %s; choose another name, or add"
            + " @SuppressWarnings(\"tvmbind\") to the interface"),
    SIGNIFICANT_CHARACTERS("significant-characters", Diagnostic.Kind.WARNING, "%s and %s are not"
            + " distinct in their first %d characters, which is all a C99 linker must compare"
            + " (C99 5.2.4.1, MISRA C:2012 Rule 5.1); shorten the prefix or model name, or set"
            + " -Atvmbind.significantChars"),

    // checked = true, compiled with no TVM output at all: nothing to check against.
    TVM_OUTPUT_NOT_GIVEN("tvm-output-missing-model", "model %s is '%s' and"
            + " @TvmModel(checked = true), but no TVM output was given to check it against; give"
            + " one with -Atvmbind.tvmOutput=PATH (javac), or <tvmOutput> in the configuration of"
            + " tvmbind-maven-plugin's goals, or remove checked = true"),

    // The build.
    INVALID_OPTION("invalid-option", "option -A%s=%s is invalid: %s"),
    UNKNOWN_OPTION("unknown-option", Diagnostic.Kind.WARNING, "option -A%s is not one of tvmbind's,"
            + " so it does nothing; did you mean -A%s? (tvmbind's options: %s)"),
    HIDDEN_NAME("hidden-name", "%s '%s', which the binding of %s inherits, hides what the"
            + " binding must name (%s): neither the simple name nor the qualified one reaches it"
            + " there; rename the member"),
    NESTED_HIDES_INTERFACE("hidden-name", "interface %s is in the default package and named"
            + " like its binding's nested class %s, which hides it in the binding; move the"
            + " interface into a package, or rename it"),
    HEADER_DIR("header-dir", "cannot write %s to -Atvmbind.headerDir=%s: %s"),
    WRITE_FAILED("write-failed", "cannot write %s: %s"),
    INTERNAL_ERROR("internal-error", "tvmbind failed on %s; this is a bug in tvmbind, please"
            + " report it with this trace: %s");

    private final String key;
    private final Diagnostic.Kind kind;
    private final String format;

    Message(String key, String format) {
        this(key, Diagnostic.Kind.ERROR, format);
    }

    Message(String key, Diagnostic.Kind kind, String format) {
        this.key = key;
        this.kind = kind;
        this.format = format;
    }

    @Override
    public String key() {
        return key;
    }

    @Override
    public boolean error() {
        return kind == Diagnostic.Kind.ERROR;
    }

    @Override
    public String format() {
        return format;
    }

    @Override
    public boolean quotesTexts() {
        return this != INTERNAL_ERROR; // whose stack trace keeps its lines
    }
}
