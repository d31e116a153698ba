/* A library whose loading alone is native code of the loader's choosing: its constructor leaves a file. */
#include <stdio.h>
#include <stdlib.h>

__attribute__((constructor)) static void evil_loaded(void) {
    const char* marker = getenv("EVIL_MARKER");
    if (marker != NULL) {
        FILE* file = fopen(marker, "w");
        if (file != NULL) {
            fputs("loaded\n", file);
            fclose(file);
        }
    }
}

int evil_symbol(void) { return 0; }
