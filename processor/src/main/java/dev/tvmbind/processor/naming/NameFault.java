package dev.tvmbind.processor.naming;

/** Why a name cannot be a C name part or identifier; each has the rule's source for messages. */
public enum NameFault {
    EMPTY("it is empty"),
    LEADING_UNDERSCORE("names that begin with '_' are reserved (C11 7.1.3)"),
    UNDERSCORE_UPPER("names that begin with '_' and an upper-case letter are reserved"
            + " (C11 7.1.3)"),
    NON_ASCII("C names are ASCII letters, digits and '_'"),
    UPPER_CASE("names are lower case, since TVM folds model names to lower case in the header but"
            + " not in the code it generates"),
    DIGIT_FIRST("a C identifier cannot start with a digit"),
    INVALID_CHARACTER("C names are ASCII letters, digits and '_'"),
    DOUBLE_UNDERSCORE("names that contain '__' are reserved in C++ ([lex.name])"),
    TRAILING_UNDERSCORE("joining '<prefix>_<model>_<function>' would then make a '__',"
            + " reserved in C++ ([lex.name])");

    private final String rule;

    NameFault(String rule) {
        this.rule = rule;
    }

    public String rule() {
        return rule;
    }
}
