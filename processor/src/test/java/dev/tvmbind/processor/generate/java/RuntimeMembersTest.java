package dev.tvmbind.processor.generate.java;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.palantir.javapoet.ClassName;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The contract between the writers and the runtime: every member generated code names exists,
 * public, in the runtime the processor is built with; a rename there fails here.
 */
class RuntimeMembersTest {
    private static Class<?> runtime(ClassName type) throws ClassNotFoundException {
        return Class.forName(type.reflectionName());
    }

    @Test
    void everyMemberTheWritersNameIsPublicInTheRuntime() throws Exception {
        assertFalse(RuntimeMembers.ALL.isEmpty());
        for (RuntimeMembers.Member member : RuntimeMembers.ALL) {
            Class<?> owner = runtime(member.owner());
            assertTrue(Modifier.isPublic(owner.getModifiers()), owner + " is public");
            boolean method = Arrays.stream(owner.getMethods())
                    .anyMatch(m -> m.getName().equals(member.name()));
            boolean field = Arrays.stream(owner.getFields())
                    .anyMatch(f -> f.getName().equals(member.name()));
            assertTrue(method || field, owner.getName() + " has no public " + member.name());
        }
    }

    @Test
    void everyClassTheWritersConstructHasAPublicConstructor() throws Exception {
        for (ClassName type : RuntimeMembers.CONSTRUCTED) {
            assertTrue(runtime(type).getConstructors().length > 0, type + " has no public constructor");
        }
    }

    /** Every class of tvmbind {@code BindingTypes} names, read from its constants. */
    @Test
    void everyRuntimeClassTheBindingNamesExists() throws Exception {
        Set<ClassName> named = new java.util.HashSet<>();
        for (java.lang.reflect.Field field : BindingTypes.class.getDeclaredFields()) {
            if (field.getType() == ClassName.class && Modifier.isStatic(field.getModifiers())) {
                field.setAccessible(true);
                ClassName type = (ClassName) field.get(null);
                if (type.packageName().startsWith("dev.tvmbind")) { // the runtime, and DType
                    named.add(type);
                }
            }
        }
        assertTrue(named.size() >= 15, named.toString());
        Set<String> missing = named.stream().filter(type -> {
            try {
                runtime(type);
                return false;
            } catch (ClassNotFoundException e) {
                return true;
            }
        }).map(ClassName::canonicalName).collect(Collectors.toSet());
        assertTrue(missing.isEmpty(), "missing from the runtime: " + missing);
    }
}
