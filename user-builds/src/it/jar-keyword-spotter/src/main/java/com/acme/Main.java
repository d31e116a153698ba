package com.acme;

import dev.tvmbind.runtime.ClassPathLibrary;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Classifies the 25 samples with the model the jar carries, and compares with the reference. */
public final class Main {
    private static final Pattern ARRAY = Pattern.compile(
            "const uint8_t (aww_input_data_\\d+|aww_output_data_ref)\\[\\] = \\{([^}]*)\\}");

    public static void main(String[] args) throws IOException {
        KeywordSpotter kws = KeywordSpotterBinding.load(ClassPathLibrary.extract("default"));
        List<byte[]> inputs = arrays("aww_input_data.cc");
        byte[] reference = arrays("aww_output_data_ref.cc").get(0);
        int agree = 0;
        for (int n = 0; n < inputs.size(); n++) {
            byte[] scores = new byte[12];
            kws.run(inputs.get(n), scores);
            int best = 0;
            for (int k = 1; k < scores.length; k++) {
                best = scores[k] > scores[best] ? k : best;
            }
            agree += best == reference[n] ? 1 : 0;
        }
        System.out.println(agree + " of " + inputs.size() + " samples classified as the reference");
    }

    /** The C arrays of a sample file in the jar. */
    private static List<byte[]> arrays(String resource) throws IOException {
        String text;
        try (InputStream in = Main.class.getResourceAsStream("/" + resource)) {
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        List<byte[]> arrays = new ArrayList<>();
        Matcher m = ARRAY.matcher(text);
        while (m.find()) {
            String[] values = m.group(2).strip().split("\\s*,\\s*");
            byte[] bytes = new byte[values.length];
            for (int i = 0; i < values.length; i++) {
                bytes[i] = (byte) (int) Integer.decode(values[i].trim());
            }
            arrays.add(bytes);
        }
        return arrays;
    }
}
