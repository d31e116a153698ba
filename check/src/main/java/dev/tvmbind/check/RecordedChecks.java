package dev.tvmbind.check;

import dev.tvmbind.check.Finding.Place;
import dev.tvmbind.check.tvm.TvmModelOutput;
import dev.tvmbind.check.tvm.TvmOutputReader;
import dev.tvmbind.check.tvm.LibraryProbe;
import dev.tvmbind.contract.CheckRecord;
import dev.tvmbind.contract.RelaxCheckRecord;
import dev.tvmbind.contract.EntryPointContract;
import dev.tvmbind.contract.ModelContract;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The check that never goes stale: every model javac checked against TVM's output, as recorded
 * beside the classes ({@link CheckRecord}), compared again with the output as it is now. It reads
 * the records, not the classes, so it runs whether javac reran or not. What the Maven goal and
 * the command line's {@code check} run.
 */
public final class RecordedChecks {
    private RecordedChecks() {}

    /**
     * What one record's check found, each line placed: the interface, and the parameter where
     * the finding is on one.
     *
     * @param record the record's file
     * @param errors the findings that fail the build
     * @param warnings the others
     */
    public record Outcome(Path record, List<String> errors, List<String> warnings) {}

    /**
     * Checks every record under {@code classes}.
     *
     * @param classes a class output directory, e.g. {@code target/classes}
     * @param outputs the TVM outputs to compare with instead of the recorded ones, as
     *     {@code -Atvmbind.tvmOutput} writes them; empty for the recorded ones
     * @param child how to start the JVM 22+ that reads Relax libraries, where there is one
     * @return one outcome per record, in file order; none when nothing was recorded
     * @throws IOException when the directory of records cannot be listed
     */
    public static List<Outcome> check(Path classes, Optional<String> outputs,
            Optional<LibraryProbe.Child> child) throws IOException {
        List<Outcome> outcomes = new ArrayList<>();
        for (Path file : records(classes.resolve(CheckRecord.FOLDER))) {
            outcomes.add(checkOne(file, outputs));
        }
        for (Path file : records(classes.resolve(RelaxCheckRecord.FOLDER))) {
            outcomes.add(RelaxRecordCheck.check(file, outputs, child));
        }
        return outcomes;
    }

    private static List<Path> records(Path folder) throws IOException {
        if (!Files.isDirectory(folder)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(folder)) {
            return files.filter(f -> f.getFileName().toString().endsWith(".properties"))
                    .sorted().toList();
        }
    }

    /** One line for the end of a check: how many models agree, or how many differences. */
    public static String summary(List<Outcome> outcomes) {
        long errors = outcomes.stream().mapToLong(o -> o.errors().size()).sum();
        String models = outcomes.size() == 1 ? "1 model" : outcomes.size() + " models";
        return errors == 0
                ? "tvmbind: " + models + (outcomes.size() == 1 ? " agrees" : " agree")
                        + " with TVM's output as it is now"
                : "tvmbind: " + errors + (errors == 1 ? " difference" : " differences")
                        + " between " + models + " and TVM's output as it is now (see above); the"
                        + " output changed since javac checked the interfaces: correct them, or"
                        + " restore the output";
    }

    private static Outcome checkOne(Path file, Optional<String> outputs) {
        CheckRecord record;
        try {
            record = CheckRecord.parse(Files.readString(file, StandardCharsets.UTF_8));
        } catch (IOException | IllegalArgumentException e) {
            return new Outcome(file, List.of(CheckMessage.TVM_CHECK_RECORD.text(file.toString(),
                    String.valueOf(e.getMessage()))), List.of());
        }
        TvmOutputReader.Result output = TvmOutputReader.read(outputs.orElse(record.tvmOutput()));
        List<Finding> findings = new ArrayList<>(output.problems());
        findings.addAll(TvmOutputCheck.check(record.model(), output,
                tvm -> tvm.style().toString().equals(record.headerStyle())
                        ? Optional.of(record.ourHeader()) : Optional.empty()));
        TvmModelOutput now = output.models().get(record.model().namespace());
        if (now != null && findings.stream().noneMatch(Finding::isError)) {
            operatorsChanged(record, now).ifPresent(findings::add);
        }
        List<String> errors = new ArrayList<>();
        List<String> warnings = new ArrayList<>();
        for (Finding finding : findings) {
            String line = place(record.model(), finding) + ": " + finding.text();
            (finding.isError() ? errors : warnings).add(line);
        }
        return new Outcome(file, errors, warnings);
    }

    /**
     * The operator functions javac recorded against those of the output now: another compilation
     * of the model (other operators fused, another model of the same name) builds a library the
     * runtime refuses for the interface, so the build says so first. Where either side lists none
     * (a bare header, an old release), nothing is compared.
     */
    private static Optional<Finding> operatorsChanged(CheckRecord record, TvmModelOutput now) {
        Set<String> then = Set.copyOf(record.operators());
        Set<String> today = Set.copyOf(now.operators());
        if (then.isEmpty() || today.isEmpty() || then.equals(today)) {
            return Optional.empty();
        }
        List<String> appeared = now.operators().stream().filter(f -> !then.contains(f)).toList();
        List<String> missing = record.operators().stream().filter(f -> !today.contains(f)).toList();
        return Optional.of(Finding.of(CheckMessage.TVM_OUTPUT_OPERATORS, Place.MODEL,
                record.model().interfaceName(), record.model().namespace(),
                appeared.isEmpty() ? "none" : NameList.of(appeared),
                missing.isEmpty() ? "none" : NameList.of(missing)));
    }

    /** Where a finding is, as a reader of a build log finds it in the source. */
    private static String place(ModelContract model, Finding finding) {
        String run = model.interfaceName() + "."
                + model.run().map(EntryPointContract::signature).orElse("run");
        return switch (finding.place()) {
            case OUTPUT, MODEL, REENTRANT, FUNCTION, PARAMETER -> model.interfaceName();
            case RUN -> run;
            case TENSOR -> run + ", parameter "
                    + model.tensors(finding.role()).get(finding.index()).javaName();
        };
    }
}
