package dev.tvmbind.check.tvm;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a C interface header written by TVM's {@code interface_c.cc} declares. TVM writes it in one
 * fixed layout (one member or macro per line), which is what this reads; any other header is
 * refused.
 *
 * @param namespace {@code <prefix>_<model>}, from the run function's name
 * @param module the model name the doc comments give
 * @param structs each struct's members in order, by its suffix ({@code inputs}, {@code outputs},
 *     {@code workspace_pools}, {@code devices})
 * @param inputSizes the input size macros, member to bytes, in the order written
 * @param outputSizes the output size macros
 * @param poolSizes the pool size macros, by upper-case member
 * @param workspaceSize the {@code _WORKSPACE_SIZE} macro, if there is one
 */
record TvmHeader(String namespace, String module, Map<String, List<String>> structs,
        Map<String, Long> inputSizes, Map<String, Long> outputSizes, Map<String, Long> poolSizes,
        OptionalLong workspaceSize) {

    private static final Pattern RUN = Pattern.compile("(?m)^int32_t ([A-Za-z0-9_]+)_run\\($");
    private static final Pattern MODULE = Pattern.compile("for TVM module \"([^\"]*)\"");
    /**
     * A struct's first line; its members follow, one per line, read line by line: a regular
     * expression over a whole struct recurses once per member and overflows the stack.
     */
    private static final Pattern STRUCT = Pattern.compile(
            "^struct ([A-Za-z0-9_]+)_(inputs|outputs|workspace_pools|devices) \\{$");
    /** More tensors than any model has: a bound on what one header makes the checks compare. */
    static final int MAX_MEMBERS = 4096;
    private static final Pattern MEMBER = Pattern.compile("^  void\\* ([A-Za-z0-9_]+);$");
    private static final Pattern TENSOR_SIZE = Pattern.compile(
            "(?m)^ \\* \\\\brief (Input|Output) tensor ([A-Za-z0-9_]+) size \\(in bytes\\) for TVM module .*\\n \\*/\\n#define [A-Za-z0-9_]+ ([0-9]+)$");
    private static final Pattern DEFINE = Pattern.compile("(?m)^#define ([A-Za-z0-9_]+) ([0-9]+)$");

    static TvmHeader parse(String text) throws UnreadableOutputException {
        Matcher run = RUN.matcher(text);
        if (!run.find()) {
            throw new UnreadableOutputException("it declares no run function 'int32_t <prefix>_<model>_run(',"
                    + " so it is not a C interface header of TVM's AOT executor"
                    + " (compile with --executor-aot-interface-api=c)");
        }
        String namespace = run.group(1);
        Matcher module = MODULE.matcher(text);
        Map<String, List<String>> structs = structs(text, namespace);
        if (!structs.containsKey("inputs") || !structs.containsKey("outputs")) {
            throw new UnreadableOutputException("it has no struct " + namespace + "_inputs and "
                    + namespace + "_outputs as TVM's C interface writes them");
        }
        Map<String, Long> inputSizes = new LinkedHashMap<>();
        Map<String, Long> outputSizes = new LinkedHashMap<>();
        Matcher size = TENSOR_SIZE.matcher(text);
        while (size.find()) {
            (size.group(1).equals("Input") ? inputSizes : outputSizes)
                    .put(size.group(2), number(size.group(3)));
        }
        String constant = namespace.toUpperCase(Locale.ROOT);
        Map<String, Long> poolSizes = new LinkedHashMap<>();
        OptionalLong workspace = OptionalLong.empty();
        Matcher define = DEFINE.matcher(text);
        while (define.find()) {
            String macro = define.group(1);
            if (macro.equals(constant + "_WORKSPACE_SIZE")) {
                workspace = OptionalLong.of(number(define.group(2)));
            } else if (macro.startsWith(constant + "_") && macro.endsWith("_WORKSPACE_POOL_SIZE")) {
                poolSizes.put(macro.substring(constant.length() + 1,
                        macro.length() - "_WORKSPACE_POOL_SIZE".length()), number(define.group(2)));
            }
        }
        String moduleName = module.find() ? module.group(1) : "";
        // The model's name is the run function's last part; the comment only repeats it, and a
        // comment that says otherwise is not TVM's (it would give a wrong name and prefix).
        if (!moduleName.isEmpty() && (!namespace.endsWith("_" + moduleName)
                || namespace.length() == moduleName.length() + 1)) {
            throw new UnreadableOutputException("its comments name TVM module \"" + moduleName
                    + "\", but its run function is " + namespace + "_run, which ends in the"
                    + " module's name after TVM's prefix; this header is not as TVM wrote it");
        }
        return new TvmHeader(namespace, moduleName, structs, inputSizes,
                outputSizes, poolSizes, workspace);
    }

    /** Each struct TVM declares, with its members in order: the lines between its head and its end. */
    private static Map<String, List<String>> structs(String text, String namespace)
            throws UnreadableOutputException {
        Map<String, List<String>> structs = new LinkedHashMap<>();
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            Matcher struct = STRUCT.matcher(lines[i]);
            if (!struct.matches()) {
                continue;
            }
            if (!struct.group(1).equals(namespace)) {
                throw new UnreadableOutputException("it declares struct " + struct.group(1) + "_"
                        + struct.group(2) + " beside the run function " + namespace + "_run");
            }
            List<String> members = new ArrayList<>();
            int line = i + 1;
            for (; line < lines.length; line++) {
                Matcher member = MEMBER.matcher(lines[line]);
                if (!member.matches()) {
                    break;
                }
                if (members.size() == MAX_MEMBERS) {
                    throw new UnreadableOutputException("its struct " + namespace + "_"
                            + struct.group(2) + " has more than " + MAX_MEMBERS + " members, far"
                            + " more tensors than a model TVM compiles has");
                }
                members.add(member.group(1));
            }
            if (line < lines.length && lines[line].equals("};")) {
                structs.put(struct.group(2), members);
            }
            i = line;
        }
        return structs;
    }

    private static long number(String digits) throws UnreadableOutputException {
        try {
            return Long.parseLong(digits);
        } catch (NumberFormatException e) {
            throw new UnreadableOutputException("its macro value " + digits + " is out of range");
        }
    }
}
