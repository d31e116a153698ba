package dev.tvmbind.processor.naming;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class ReservedNamesTest {
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "island_default_run | <ctype.h>",
        "tolower_x | <ctype.h>",
        "strong_m_run | <string.h>",
        "memory_m_run | <string.h>",
        "wcsx | <string.h>",
        "atomic_m_run | <stdatomic.h>",
        "memory_order_x | <string.h>",
        "cnd_x | <threads.h>",
        "mtx_a | <threads.h>",
        "thrd_b | <threads.h>",
        "tss_c | <threads.h>",
        "cerf | <complex.h>",
        "cerfcf | <complex.h>",
        "cexpm1l | <complex.h>",
        "clog2 | <complex.h>",
        "ctgammaf | <complex.h>",
    })
    void ordinaryIdentifiers(String name, String header) {
        assertTrue(ReservedNames.ofOrdinary(name).orElseThrow().source().contains(header), name);
    }

    @ParameterizedTest
    @ValueSource(strings = {"is_x", "to_x", "isX", "str", "str_m", "mem_x", "atomic_X", "tvmgen_m_run",
        "cerfx", "cnd", "default_run", "i", "t"})
    void notReservedOrdinaryIdentifiers(String name) {
        assertTrue(ReservedNames.ofOrdinary(name).isEmpty(), name);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "ETHOS_M_WORKSPACE_SIZE | <errno.h>",
        "E2BIG | <errno.h>",
        "FE_X | <fenv.h>",
        "LC_M_H_ | <locale.h>",
        "SIG_M | <signal.h>",
        "SIGMA_M | <signal.h>",
        "ATOMIC_M | <stdatomic.h>",
        "TIME_M_H_ | <time.h>",
        "PRIX_M | <inttypes.h>",
        "SCNd_M | <inttypes.h>",
    })
    void macros(String name, String header) {
        assertTrue(ReservedNames.ofMacro(name).orElseThrow().source().contains(header), name);
    }

    @ParameterizedTest
    @ValueSource(strings = {"E_M_SIZE", "E", "FE_", "LC_1", "SIG_", "SIG1", "PRI_M", "PRIM",
        "TVMGEN_DEFAULT_H_", "TIME_1", "ATOMIC_"})
    void notReservedMacros(String name) {
        assertTrue(ReservedNames.ofMacro(name).isEmpty(), name);
    }

    @ParameterizedTest
    @ValueSource(strings = {"size_t", "tvmgen_m_get_t", "a_t"})
    void posixTypeSuffix(String name) {
        assertEquals("POSIX.1-2017 2.2.2, reserved for type names",
                ReservedNames.ofSuffix(name).orElseThrow().source());
    }

    @ParameterizedTest
    @ValueSource(strings = {"t", "st", "a_tt", "_t_x"})
    void noPosixTypeSuffix(String name) {
        assertTrue(ReservedNames.ofSuffix(name).isEmpty(), name);
    }
}
