package dev.tvmbind.check.tvm;

import dev.tvmbind.check.CheckMessage;
import dev.tvmbind.check.Finding;
import dev.tvmbind.contract.CNames;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * Reads what {@code -Atvmbind.tvmOutput} names: Model Library Format directories and tars, and
 * single TVM headers, into one {@link TvmModelOutput} per model. A path that cannot be read is one
 * problem naming the file and the cause; the other paths are still read.
 */
public final class TvmOutputReader {
    private TvmOutputReader() {}

    /**
     * @param models every model the outputs hold, by {@code <prefix>_<model>}
     * @param headerless models that {@code metadata.json} lists without a C interface header, by
     *     {@code <prefix>_<model>}, with where the header was looked for
     * @param libraries the Relax libraries among the paths ({@code .so}s; read by {@link
     *     LibraryProbe}, in a child JVM, when a {@code @TvmRelax} interface needs them), by
     *     absolute path, with the path as written
     * @param problems what could not be read
     */
    public record Result(Map<String, TvmModelOutput> models, Map<String, String> headerless,
            Map<Path, String> libraries, List<Finding> problems) {
        /** Nothing given. */
        public static Result empty() {
            return new Result(Map.of(), Map.of(), Map.of(), List.of());
        }
    }

    public static Result read(String option) {
        Map<String, TvmModelOutput> models = new LinkedHashMap<>();
        Map<String, String> headerless = new LinkedHashMap<>();
        Map<Path, String> libraries = new LinkedHashMap<>();
        List<Finding> problems = new ArrayList<>();
        for (String entry : option.split(File.pathSeparator, -1)) {
            if (entry.isBlank()) {
                continue;
            }
            String shown = entry;
            try {
                Path path = Path.of(entry);
                shown = path.toAbsolutePath().toString();
                if (Files.isRegularFile(path) && SharedLibraryKind.isElf(path)) {
                    if (SharedLibraryKind.of(path) != SharedLibraryKind.RELAX) {
                        throw new UnreadableOutputException("it is a shared library, but no Relax"
                                + " library (export_library's, with __tvm_ffi__library_bin)");
                    }
                    libraries.put(path.toAbsolutePath(), entry);
                    continue;
                }
                readPath(path, entry, models, headerless, problems);
            } catch (InvalidPathException e) {
                problems.add(unreadable(entry, "it is not a valid path: " + e.getMessage()));
            } catch (LocatedException e) {
                problems.add(unreadable(e.file, e.getCause().getMessage()));
            } catch (UnreadableOutputException e) {
                problems.add(unreadable(shown, e.getMessage()));
            }
        }
        return new Result(models, headerless, libraries, problems);
    }

    private static Finding unreadable(String file, String cause) {
        return Finding.of(CheckMessage.TVM_OUTPUT_UNREADABLE, Finding.Place.OUTPUT, file, cause);
    }

    /** A failure inside a tree or tar, with the file it concerns. */
    private static final class LocatedException extends Exception {
        final String file;

        LocatedException(String file, UnreadableOutputException cause) {
            super(cause);
            this.file = file;
        }
    }

    private static void readPath(Path path, String written, Map<String, TvmModelOutput> models,
            Map<String, String> headerless, List<Finding> warnings)
            throws UnreadableOutputException, LocatedException {
        String shown = path.toAbsolutePath().toString();
        Source source = new Source(shown, written);
        if (Files.isDirectory(path)) {
            readTree(shown + File.separator, source, MlfFiles.fromDirectory(path), models, headerless,
                    warnings);
        } else if (!Files.exists(path)) {
            throw new UnreadableOutputException("no such file or directory" + (path.isAbsolute() ? ""
                    : " (relative paths start in the working directory, "
                            + Path.of("").toAbsolutePath() + ")"));
        } else if (path.getFileName().toString().endsWith(".h")) {
            TvmModelOutput model = model(shown, Texts.read(path), Optional.empty(), "", TvmCode.UNKNOWN,
                    source);
            models.putIfAbsent(model.namespace(), model);
        } else if (!Files.isRegularFile(path)) {
            throw new UnreadableOutputException("it is not a regular file (a FIFO or a device);"
                    + " pass an MLF directory, a tar or a header");
        } else {
            readTree(shown + "!", source, MlfFiles.fromTar(path), models, headerless, warnings);
        }
    }

    /**
     * @param base how a file of the tree is named in messages: the directory with a separator,
     *     or the tar with {@code !}
     */
    private static void readTree(String base, Source source, MlfFiles.Tree tree,
            Map<String, TvmModelOutput> models, Map<String, String> headerless,
            List<Finding> warnings) throws LocatedException {
        String metadataFile = base + MlfFiles.METADATA;
        TvmMetadata metadata;
        try {
            String json = tree.text(MlfFiles.METADATA).orElseThrow(() -> new UnreadableOutputException(
                    "there is no such file, so this is not a Model Library Format tree"));
            metadata = TvmMetadata.parse(json);
        } catch (UnreadableOutputException e) {
            throw new LocatedException(metadataFile, e);
        }
        for (Map.Entry<String, TvmMetadata.Model> module : metadata.models().entrySet()) {
            // TVM's generated names always start with its own prefix (PrefixGeneratedName).
            String namespace = CNames.model(CNames.DEFAULT_PREFIX, module.getKey());
            String headerName = MlfFiles.INCLUDE + CNames.headerFile(namespace);
            String headerFile = base + headerName;
            try {
                Optional<String> header = tree.text(headerName);
                if (header.isEmpty()) {
                    headerless.putIfAbsent(namespace, headerFile);
                    continue;
                }
                TvmModelOutput model = model(headerFile, header.get(),
                        Optional.of(module.getValue()), metadata.origin(),
                        reentrancy(base, module.getKey(), metadata.models().keySet(), tree), source);
                models.putIfAbsent(model.namespace(),
                        RelayShapes.add(model, base, module.getKey(), tree, warnings));
            } catch (UnreadableOutputException e) {
                throw new LocatedException(headerFile, e);
            }
        }
    }

    /** A model from its header, completed by {@code metadata.json} where the tree has one. */
    /** An option entry: absolute, and as written. */
    private record Source(String absolute, String written) {}

    private static TvmModelOutput model(String file, String text, Optional<TvmMetadata.Model> metadata,
            String origin, TvmCode code, Source source) throws UnreadableOutputException {
        String unix = text.replace("\r\n", "\n");
        TvmHeader header = TvmHeader.parse(unix);
        Map<String, TvmMetadata.Tensor> described = new LinkedHashMap<>();
        Map<String, String> names = new LinkedHashMap<>();
        metadata.ifPresent(m -> m.tensors().forEach((name, tensor) -> {
            described.put(TvmSanitizer.sanitize(name), tensor);
            names.put(TvmSanitizer.sanitize(name), name);
        }));
        List<TvmTensor> inputs = tensors(header.structs().get("inputs"), header.inputSizes(),
                described, names);
        List<TvmTensor> outputs = tensors(header.structs().get("outputs"), header.outputSizes(),
                described, names);
        List<TvmTensor> pools = new ArrayList<>();
        for (String pool : header.structs().getOrDefault("workspace_pools", List.of())) {
            pools.add(new TvmTensor(pool, pool, Optional.empty(), header.poolSizes()
                    .getOrDefault(pool.toUpperCase(Locale.ROOT), 0L)));
        }
        List<TvmTensor> devices = new ArrayList<>();
        for (String device : header.structs().getOrDefault("devices", List.of())) {
            devices.add(new TvmTensor(device, device, Optional.empty(), 0));
        }
        OptionalLong workspace = header.workspaceSize().isPresent() ? header.workspaceSize()
                : metadata.map(TvmMetadata.Model::workspaceSize).orElse(OptionalLong.empty());
        List<String> sizeOrder = new ArrayList<>(header.inputSizes().keySet());
        sizeOrder.addAll(header.outputSizes().keySet());
        HeaderStyle style = new HeaderStyle(!sizeOrder.isEmpty(),
                header.workspaceSize().isPresent(), Optional.of(sizeOrder));
        return new TvmModelOutput(header.namespace(), header.module(), file, unix, inputs, outputs,
                pools, devices, workspace, style, code, source.absolute(), source.written(),
                metadata.map(TvmMetadata.Model::operators).orElse(List.of()), "", origin);
    }

    /**
     * What the generated C of {@code module} says about reentrancy: TVM names a model's sources
     * {@code <module>_lib<n>.c}; a source named after no model of the tree counts for each.
     */
    private static TvmCode reentrancy(String base, String module, Set<String> modules,
            MlfFiles.Tree tree) {
        TvmCode code = TvmCode.UNKNOWN;
        for (Map.Entry<String, CSourceScanner.Facts> source : tree.sources().entrySet()) {
            String file = source.getKey().substring(MlfFiles.SOURCES.length());
            boolean ours = file.startsWith(module + "_")
                    || modules.stream().noneMatch(m -> file.startsWith(m + "_"));
            if (ours) {
                code = code.and(base + source.getKey(), source.getValue().staticArray(),
                        source.getValue().allocatesWorkspace());
            }
        }
        return code;
    }

    private static List<TvmTensor> tensors(List<String> members, Map<String, Long> sizes,
            Map<String, TvmMetadata.Tensor> described, Map<String, String> names) {
        List<TvmTensor> tensors = new ArrayList<>();
        for (String member : members) {
            Optional<TvmMetadata.Tensor> tensor = Optional.ofNullable(described.get(member));
            long size = sizes.containsKey(member) ? sizes.get(member)
                    : tensor.map(TvmMetadata.Tensor::size).orElse(0L);
            tensors.add(new TvmTensor(member, names.getOrDefault(member, member),
                    tensor.flatMap(TvmMetadata.Tensor::dtype), size));
        }
        return tensors;
    }
}
