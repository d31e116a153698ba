package dev.tvmbind.check.tvm;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParseException;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeSet;

/**
 * What a Model Library Format {@code metadata.json} says of each model: the dtype and size of its
 * inputs and outputs (TVM 0.11 and later record them) and its workspace size. Two layouts exist:
 * version 5 (TVM 0.8) describes one model at the top level, versions 6 and 7 (TVM 0.9 on) one per
 * entry of {@code modules}.
 *
 * @param models each model's description, by model name
 * @param origin what the file says of where it came from ({@code Model Library Format version 7,
 *     exported 2025-09-28 12:32:33Z}): TVM records no release number
 */
record TvmMetadata(Map<String, Model> models, String origin) {
    /**
     * @param tensors the inputs' and outputs' dtype and size, by the name TVM writes
     * @param workspaceSize the main function's workspace size summed over its devices
     * @param operators the C functions TVM generated for the model's operators
     *     ({@code memory.functions.operator_functions}), sorted: they tell its library apart
     */
    record Model(Map<String, Tensor> tensors, OptionalLong workspaceSize, List<String> operators) {}

    record Tensor(Optional<String> dtype, long size) {}

    static TvmMetadata parse(String json) throws UnreadableOutputException {
        try {
            JsonElement root = StrictJson.parse(json);
            if (!root.isJsonObject()) {
                throw new UnreadableOutputException("it is not a JSON object");
            }
            JsonObject top = root.getAsJsonObject();
            Map<String, Model> models = new LinkedHashMap<>();
            if (top.has("modules")) {
                for (Map.Entry<String, JsonElement> module : memberObject(top, "modules").entrySet()) {
                    if (!module.getValue().isJsonObject()) {
                        throw new UnreadableOutputException("modules." + module.getKey()
                                + " is not an object");
                    }
                    models.put(moduleName(module.getKey()), model(
                            module.getValue().getAsJsonObject(), "modules." + module.getKey()));
                }
            } else if (top.has("model_name")) {
                models.put(moduleName(string(top, "model_name")), model(top, ""));
            } else {
                throw new UnreadableOutputException("it has neither 'modules' (MLF version 6 and"
                        + " later) nor 'model_name' (version 5)");
            }
            JsonElement first = top.has("modules") ? memberObject(top, "modules").entrySet().stream()
                    .map(Map.Entry::getValue).filter(JsonElement::isJsonObject).findFirst()
                    .orElse(null) : null;
            return new TvmMetadata(models, origin(top, first == null ? top : first.getAsJsonObject()));
        } catch (JsonParseException | IOException | NumberFormatException e) {
            throw new UnreadableOutputException("it is not valid JSON", e);
        }
    }

    /**
     * A module name as the paths of the tree's files are made of it
     * ({@code codegen/host/include/tvmgen_<name>.h}, {@code src/<name>.relay}): one that would
     * lead out of the folder is refused, never used.
     */
    private static String moduleName(String name) throws UnreadableOutputException {
        if (name.contains("/") || name.contains("\\") || name.contains("..")
                || name.indexOf('\0') >= 0) {
            throw new UnreadableOutputException("its module name " + name + " contains "
                    + (name.indexOf('\0') >= 0 ? "a NUL" : name.contains("..") ? "'..'"
                            : "a path separator")
                    + ", which no name TVM gives a module has: it would name a file outside the"
                    + " folder");
        }
        return name;
    }

    /**
     * The format version and export time, where the file has them (the time is at the top in
     * version 5, in each module from 6 on); never an error.
     */
    private static String origin(JsonObject top, JsonObject module) {
        JsonElement version = top.get("version");
        JsonElement exported = top.has("export_datetime") ? top.get("export_datetime")
                : module.get("export_datetime");
        // As written, when they look like a version and a time: the file is users' input.
        String format = plain(version, "\\d{1,9}")
                .map(v -> "Model Library Format version " + v).orElse("Model Library Format");
        return plain(exported, "[0-9A-Za-z :.+-]{1,40}").map(t -> format + ", exported " + t)
                .orElse(format);
    }

    private static Optional<String> plain(JsonElement element, String pattern) {
        return element != null && element.isJsonPrimitive()
                && element.getAsString().matches(pattern)
                ? Optional.of(element.getAsString()) : Optional.empty();
    }

    private static Model model(JsonObject module, String path) throws UnreadableOutputException {
        Map<String, Tensor> tensors = new LinkedHashMap<>();
        JsonElement memory = module.get("memory");
        if (memory == null) {
            return new Model(tensors, OptionalLong.empty(), List.of());
        }
        JsonElement functions = object(memory, path + ".memory").get("functions");
        JsonElement main = functions == null ? null : object(functions, path + ".memory.functions")
                .get("main");
        if (main == null) {
            return new Model(tensors, OptionalLong.empty(), List.of());
        }
        if (!main.isJsonArray()) {
            throw new UnreadableOutputException(path + ".memory.functions.main is not a list");
        }
        long total = 0;
        boolean any = false;
        for (JsonElement entry : (JsonArray) main) {
            JsonObject device = object(entry, path + ".memory.functions.main[]");
            if (device.has("workspace_size_bytes")) {
                total += number(device, "workspace_size_bytes", path + ".memory.functions.main[]");
                any = true;
            }
            for (String kind : new String[] {"inputs", "outputs"}) {
                if (!device.has(kind)) {
                    continue;
                }
                for (Map.Entry<String, JsonElement> tensor : object(device.get(kind), kind).entrySet()) {
                    JsonObject info = object(tensor.getValue(), kind + "." + tensor.getKey());
                    String at = kind + "." + tensor.getKey();
                    tensors.put(tensor.getKey(), new Tensor(
                            info.has("dtype") ? Optional.of(string(info, "dtype", at)) : Optional.empty(),
                            info.has("size") ? number(info, "size", at) : 0));
                }
            }
        }
        return new Model(tensors, any ? OptionalLong.of(total) : OptionalLong.empty(),
                operators(object(functions, path + ".memory.functions").get("operator_functions"),
                        path + ".memory.functions.operator_functions"));
    }

    /** The operator functions' C names; what is not a C identifier is no function of TVM's. */
    private static List<String> operators(JsonElement functions, String path)
            throws UnreadableOutputException {
        if (functions == null) {
            return List.of();
        }
        if (!functions.isJsonArray()) {
            throw new UnreadableOutputException(path + " is not a list");
        }
        Set<String> names = new TreeSet<>();
        for (JsonElement function : (JsonArray) functions) {
            String name = string(object(function, path + "[]"), "function_name", path + "[]");
            if (!name.matches("[A-Za-z_][A-Za-z0-9_]{0,1023}")) {
                throw new UnreadableOutputException(path + "[].function_name is not a C function name");
            }
            names.add(name);
        }
        return List.copyOf(names);
    }

    private static JsonObject object(JsonElement element, String path) throws UnreadableOutputException {
        if (element == null || !element.isJsonObject()) {
            throw new UnreadableOutputException((path.isEmpty() ? "the top level" : path)
                    + " is not an object");
        }
        return element.getAsJsonObject();
    }

    private static JsonObject memberObject(JsonObject parent, String member)
            throws UnreadableOutputException {
        return object(parent.get(member), member);
    }

    private static String string(JsonObject parent, String member) throws UnreadableOutputException {
        return string(parent, member, "");
    }

    private static String string(JsonObject parent, String member, String path)
            throws UnreadableOutputException {
        JsonElement value = parent.get(member);
        if (value == null || !value.isJsonPrimitive() || !value.getAsJsonPrimitive().isString()) {
            throw new UnreadableOutputException(where(path, member) + " is not a string");
        }
        return value.getAsString();
    }

    /** A whole number of bytes, 0 or more. */
    private static long number(JsonObject parent, String member, String path)
            throws UnreadableOutputException {
        JsonElement value = parent.get(member);
        try {
            if (value != null && value.isJsonPrimitive() && value.getAsJsonPrimitive().isNumber()) {
                long number = value.getAsBigDecimal().longValueExact();
                if (number >= 0) {
                    return number;
                }
            }
        } catch (ArithmeticException e) {
            // Not a whole number that a long holds: refused below.
        }
        throw new UnreadableOutputException(where(path, member) + " is " + value
                + ", not a whole number of bytes");
    }

    private static String where(String path, String member) {
        return path.isEmpty() ? member : path + "." + member;
    }
}
