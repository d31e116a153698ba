package dev.tvmbind.check;

import dev.tvmbind.check.tvm.LibraryProbe;
import dev.tvmbind.check.tvm.UnreadableOutputException;
import dev.tvmbind.contract.FfiFunctionContract;
import dev.tvmbind.contract.RelaxLibraryCheck;
import dev.tvmbind.contract.RelaxLibraryFacts;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Compares {@code @TvmRelax} interfaces with the Relax libraries of {@code -Atvmbind.tvmOutput}
 * as the load does ({@link RelaxLibraryCheck}), each library read once, in a child JVM, when an
 * interface first needs it. An interface is compared with the first library that holds all its
 * functions; where none does, with the only library given, else it is an error naming what each
 * holds. What javac and the build's check run.
 */
public final class RelaxOutputCheck {
    private final Map<Path, String> libraries;
    private final Reader reader;
    private final Map<Path, Read> read = new HashMap<>();

    /** A library read once: its facts, or why it cannot be read. */
    private record Read(Optional<RelaxLibraryFacts> facts, String why) {
        @Override
        public String toString() {
            return facts.map(f -> "holds " + names(f)).orElse("cannot be read: " + why);
        }
    }

    /** How a library's facts are read: {@link LibraryProbe#relaxFacts}, in a child JVM. */
    public interface Reader {
        RelaxLibraryFacts read(Path library) throws UnreadableOutputException;
    }

    /**
     * @param libraries the libraries, by absolute path, with the path as written
     * @param child how to start the JVM that reads them
     */
    public RelaxOutputCheck(Map<Path, String> libraries, LibraryProbe.Child child) {
        this(libraries, library -> LibraryProbe.relaxFacts(library, child));
    }

    /** The same, reading libraries with {@code reader}. */
    public RelaxOutputCheck(Map<Path, String> libraries, Reader reader) {
        this.libraries = Collections.unmodifiableMap(new LinkedHashMap<>(libraries));
        this.reader = reader;
    }

    /**
     * What was compared and found.
     *
     * @param library the library compared with, if any
     * @param findings the differences, placed on methods and parameters
     */
    public record Outcome(Optional<Path> library, List<Finding> findings) {}

    /** Compares one interface, of binary name {@code interfaceName}, with its library. */
    public Outcome check(String interfaceName, List<FfiFunctionContract> functions) {
        List<Finding> findings = new ArrayList<>();
        Map<Path, RelaxLibraryFacts> readable = new LinkedHashMap<>();
        for (Path library : libraries.keySet()) {
            Read done = read.computeIfAbsent(library, this::read);
            done.facts().ifPresent(f -> readable.put(library, f));
            if (done.facts().isEmpty() && libraries.size() == 1) {
                findings.add(Finding.of(CheckMessage.TVM_OUTPUT_UNREADABLE, Finding.Place.OUTPUT,
                        library, done.why()));
            }
        }
        // The first library with every function; else the only one given, to say what differs.
        Optional<Path> library = readable.entrySet().stream().filter(e -> functions.stream()
                .allMatch(f -> e.getValue().functions().containsKey(f.name()))).map(
                        Map.Entry::getKey).findFirst()
                .or(() -> libraries.size() == 1 ? readable.keySet().stream().findFirst()
                        : Optional.empty());
        if (library.isEmpty()) {
            if (libraries.size() != 1) {
                findings.add(Finding.of(CheckMessage.TVM_OUTPUT_RELAX_LIBRARY, Finding.Place.MODEL,
                        interfaceName, NameList.of(functions.stream().map(
                                FfiFunctionContract::name).toList()), libraries.isEmpty()
                                        ? "it names no Relax library" : String.join("; ",
                                                libraries.keySet().stream().map(l -> l + " "
                                                        + read.get(l)).toList())));
            }
            return new Outcome(Optional.empty(), findings);
        }
        RelaxLibraryFacts facts = readable.get(library.get());
        String where = library.get().toString();
        for (RelaxLibraryCheck.Difference d : RelaxLibraryCheck.differences(functions, facts)) {
            int parameter = d.parameter() >= 0 ? d.parameter() : -1;
            findings.add(switch (d.kind()) {
                case MISSING_FUNCTION -> Finding.onFunction(CheckMessage.TVM_OUTPUT_RELAX_FUNCTION,
                        d.function(), -1, d.text(), where, names(facts));
                case ARITY -> Finding.onFunction(CheckMessage.TVM_OUTPUT_RELAX_ARITY,
                        d.function(), -1, d.text(), where, String.join(", ", facts.functions()
                                .get(functions.get(d.function()).name()).parameterNames()));
                case PARAMETER_NAME, PARAMETER_KIND -> Finding.onFunction(
                        CheckMessage.TVM_OUTPUT_RELAX_PARAMETER, d.function(), parameter, d.text(),
                        where);
                case TENSOR -> Finding.onFunction(CheckMessage.TVM_OUTPUT_RELAX_TENSOR,
                        d.function(), parameter, d.text(), where);
            });
        }
        return new Outcome(library, findings);
    }

    /** The library as the option wrote it. */
    public String written(Path library) {
        return libraries.get(library);
    }

    private Read read(Path library) {
        try {
            RelaxLibraryFacts facts = reader.read(library);
            return facts.names().isPresent() ? new Read(Optional.of(facts), "")
                    : new Read(Optional.empty(), "its executable's text is not as tvmbind reads"
                            + " it (another TVM release?), so its functions are unknown");
        } catch (UnreadableOutputException e) {
            return new Read(Optional.empty(), e.getMessage());
        }
    }

    private static String names(RelaxLibraryFacts facts) {
        return facts.functions().isEmpty() ? "no function" : NameList.of(List.copyOf(
                facts.functions().keySet()));
    }
}
