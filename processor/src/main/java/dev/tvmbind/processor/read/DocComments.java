package dev.tvmbind.processor.read;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The parts of a javadoc comment that go into a C header: the summary (first sentence), the text
 * of each {@code @param} tag and of the {@code @return} tag, each folded to one line.
 */
record DocComments(String summary, Map<String, String> params, String returns) {
    static final DocComments NONE = new DocComments("", Map.of(), "");
    private static final Pattern TAG_START = Pattern.compile("(?m)^\\s*(?=@)");
    private static final Pattern WHITE_SPACE = Pattern.compile("\\s+");

    static DocComments parse(String comment) {
        if (comment == null || comment.isBlank()) {
            return NONE;
        }
        String[] blocks = TAG_START.split(comment);
        String main = fold(blocks[0]);
        Map<String, String> params = new LinkedHashMap<>();
        String returns = "";
        for (int i = 1; i < blocks.length; i++) {
            String block = fold(blocks[i]);
            if (block.startsWith("@param ")) {
                String[] nameAndText = block.substring("@param ".length()).split(" ", 2);
                params.put(nameAndText[0], nameAndText.length > 1 ? nameAndText[1] : "");
            } else if (block.startsWith("@return ")) {
                returns = block.substring("@return ".length());
            }
        }
        return new DocComments(firstSentence(main), params, returns);
    }

    private static String fold(String text) {
        return WHITE_SPACE.matcher(text.strip()).replaceAll(" ");
    }

    /** Javadoc's summary: up to the first period followed by white space, or all of it. */
    private static String firstSentence(String text) {
        int end = text.indexOf(". ");
        return end < 0 ? text : text.substring(0, end + 1);
    }
}
