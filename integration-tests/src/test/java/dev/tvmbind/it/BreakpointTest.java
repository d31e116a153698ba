package dev.tvmbind.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.jdi.Bootstrap;
import com.sun.jdi.Location;
import com.sun.jdi.ReferenceType;
import com.sun.jdi.VirtualMachine;
import com.sun.jdi.connect.AttachingConnector;
import com.sun.jdi.connect.Connector;
import com.sun.jdi.event.BreakpointEvent;
import com.sun.jdi.event.ClassPrepareEvent;
import com.sun.jdi.event.Event;
import com.sun.jdi.event.EventSet;
import com.sun.jdi.event.VMDeathEvent;
import com.sun.jdi.event.VMDisconnectEvent;
import com.sun.jdi.request.ClassPrepareRequest;
import com.sun.jdi.request.EventRequest;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * A debugger, driven through JDI as an IDE drives it, stops on a line of a generated binding: a
 * breakpoint set on the line of the binding's source that calls the model, in a JVM that loads
 * the binding from its library, is hit there.
 */
class BreakpointTest {
    private static final String LINKED = TracedBinding.class.getName() + "$Linked";

    @Test
    void aBreakpointOnTheBindingsCallLineIsHit() throws Exception {
        Path source = Path.of(System.getProperty("tvmbind.headers"), "dev/tvmbind/it/TracedBinding.java");
        List<String> lines = Files.readAllLines(source);
        int line = 1 + lines.indexOf(lines.stream().filter(l -> l.contains("HANDLE_RUN.invokeExact"))
                .findFirst().orElseThrow());
        String java = ProcessHandle.current().info().command().orElseThrow();
        Process debuggee = new ProcessBuilder(java, "--enable-native-access=ALL-UNNAMED",
                "-agentlib:jdwp=transport=dt_socket,server=y,suspend=y,address=127.0.0.1:0",
                "-cp", System.getProperty("java.class.path"), RunTraced.class.getName(),
                NativeLibraries.of("traced").toString()).redirectErrorStream(true).start();
        try {
            VirtualMachine vm = attach(port(debuggee));
            ClassPrepareRequest prepare = vm.eventRequestManager().createClassPrepareRequest();
            prepare.addClassFilter(LINKED);
            prepare.enable();
            vm.resume();
            Location hit = null;
            while (hit == null) {
                EventSet events = vm.eventQueue().remove(60_000);
                assertTrue(events != null, "no event within a minute");
                for (Event event : events) {
                    if (event instanceof ClassPrepareEvent prepared) {
                        ReferenceType type = prepared.referenceType();
                        assertEquals("TracedBinding.java", type.sourceName());
                        List<Location> locations = type.locationsOfLine(line);
                        assertFalse(locations.isEmpty(), "no code on line " + line);
                        var breakpoint = vm.eventRequestManager()
                                .createBreakpointRequest(locations.getFirst());
                        breakpoint.setSuspendPolicy(EventRequest.SUSPEND_ALL);
                        breakpoint.enable();
                    } else if (event instanceof BreakpointEvent breakpoint) {
                        hit = breakpoint.location();
                    } else if (event instanceof VMDeathEvent || event instanceof VMDisconnectEvent) {
                        throw new AssertionError("the debuggee ended before the breakpoint");
                    }
                }
                if (hit == null) {
                    events.resume();
                }
            }
            assertEquals(LINKED, hit.declaringType().name());
            assertEquals("run", hit.method().name());
            assertEquals(line, hit.lineNumber());
            vm.resume();
            vm.dispose();
        } finally {
            if (!debuggee.waitFor(60, TimeUnit.SECONDS)) {
                debuggee.destroyForcibly();
            }
        }
    }

    /** The port the debuggee's agent listens on, from the line it prints first. */
    private static int port(Process debuggee) throws Exception {
        BufferedReader out = new BufferedReader(new InputStreamReader(debuggee.getInputStream(),
                StandardCharsets.UTF_8));
        Matcher address = Pattern.compile("address: (?:[^:]*:)?(\\d+)").matcher(out.readLine());
        assertTrue(address.find(), "the agent said no address");
        return Integer.parseInt(address.group(1));
    }

    private static VirtualMachine attach(int port) throws Exception {
        AttachingConnector socket = Bootstrap.virtualMachineManager().attachingConnectors().stream()
                .filter(c -> c.name().equals("com.sun.jdi.SocketAttach")).findFirst().orElseThrow();
        Map<String, Connector.Argument> arguments = socket.defaultArguments();
        arguments.get("hostname").setValue("127.0.0.1");
        arguments.get("port").setValue(Integer.toString(port));
        return socket.attach(arguments);
    }

    /** The debuggee: loads the traced model from its library and runs it once. */
    static final class RunTraced {
        public static void main(String[] args) {
            Traced traced = TracedBinding.load(Path.of(args[0]));
            try {
                traced.run(new byte[4], new byte[4]);
            } catch (RuntimeException e) {
                System.out.println(e);
            }
        }
    }
}
