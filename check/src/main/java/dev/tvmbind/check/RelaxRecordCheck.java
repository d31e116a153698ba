package dev.tvmbind.check;

import dev.tvmbind.check.tvm.LibraryProbe;
import dev.tvmbind.check.tvm.TvmOutputReader;
import dev.tvmbind.contract.FfiFunctionContract;
import dev.tvmbind.contract.RelaxCheckRecord;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The build's check of one {@code @TvmRelax} interface javac checked ({@link RelaxCheckRecord}):
 * the recorded functions compared with the library as it is now, by the comparison javac ran
 * ({@link RelaxOutputCheck}), its findings placed on the method or parameter.
 */
final class RelaxRecordCheck {
    private RelaxRecordCheck() {}

    static RecordedChecks.Outcome check(Path file, Optional<String> outputs,
            Optional<LibraryProbe.Child> child) {
        RelaxCheckRecord record;
        try {
            record = RelaxCheckRecord.parse(Files.readString(file, StandardCharsets.UTF_8));
        } catch (IOException | IllegalArgumentException e) {
            return new RecordedChecks.Outcome(file, List.of(CheckMessage.TVM_CHECK_RECORD.text(
                    file.toString(), String.valueOf(e.getMessage()))), List.of());
        }
        TvmOutputReader.Result output = TvmOutputReader.read(outputs.orElse(record.library()));
        List<Finding> findings = new ArrayList<>(output.problems());
        if (output.problems().isEmpty() && child.isEmpty()) {
            findings.add(Finding.of(CheckMessage.TVM_OUTPUT_UNREADABLE, Finding.Place.OUTPUT,
                    record.library(), "reading a Relax library takes a JDK 22 or newer, and this"
                            + " build has none: run Maven on one, or name one in a toolchain"));
        } else if (output.problems().isEmpty()) {
            Map<Path, String> libraries = output.libraries();
            findings.addAll(new RelaxOutputCheck(libraries, child.get())
                    .check(record.interfaceName(), record.functions()).findings());
        }
        List<String> errors = new ArrayList<>();
        List<String> warnings = new ArrayList<>();
        for (Finding finding : findings) {
            (finding.isError() ? errors : warnings).add(place(record, finding) + ": "
                    + finding.text());
        }
        return new RecordedChecks.Outcome(file, errors, warnings);
    }

    /** {@code com.acme.Mlp.forward(Tensor x)}, with {@code , parameter x} where it is on one. */
    private static String place(RelaxCheckRecord record, Finding finding) {
        if (finding.place() != Finding.Place.FUNCTION && finding.place() != Finding.Place.PARAMETER) {
            return record.interfaceName();
        }
        FfiFunctionContract function = record.functions().get(finding.index());
        String method = record.interfaceName() + "." + function.javaName();
        return finding.place() == Finding.Place.PARAMETER ? method + ", parameter "
                + function.parameters().get(finding.parameter()).name() : method;
    }
}
