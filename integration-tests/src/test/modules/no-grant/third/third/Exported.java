package third;

import java.io.IOException;
import java.lang.module.ModuleReader;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** The public types of a module's exported packages, as any module can list them. */
final class Exported {
    private Exported() {}

    static List<Class<?>> types(String name) throws IOException {
        Module module = ModuleLayer.boot().findModule(name).orElseThrow();
        List<Class<?>> types = new ArrayList<>();
        try (ModuleReader reader = ModuleLayer.boot().configuration().findModule(name)
                .orElseThrow().reference().open(); Stream<String> entries = reader.list()) {
            for (String entry : entries.filter(e -> e.endsWith(".class")
                    && !e.equals("module-info.class")).sorted().toList()) {
                String className = entry.substring(0, entry.length() - 6).replace('/', '.');
                String packageName = className.substring(0, className.lastIndexOf('.'));
                if (!module.isExported(packageName)) {
                    continue;
                }
                try {
                    Class<?> type = Class.forName(className, false, module.getClassLoader());
                    if (Modifier.isPublic(type.getModifiers())) {
                        types.add(type);
                    }
                } catch (ClassNotFoundException | LinkageError e) {
                    // Not a type this module can see: nothing to call.
                }
            }
        }
        return types;
    }
}
