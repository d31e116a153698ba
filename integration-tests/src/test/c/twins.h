/* One run function per prefix: out = in + K, a negative input is the status. */
#define TWIN_RUN(prefix, k)                                                                  \
    int32_t prefix##_twin_run(struct prefix##_twin_inputs* inputs,                           \
                              struct prefix##_twin_outputs* outputs) {                       \
        int32_t in = *(const int32_t*) inputs->in_0;                                         \
        if (in < 0) {                                                                         \
            return in;                                                                        \
        }                                                                                     \
        *(int32_t*) outputs->out = in + (k);                                                  \
        return 0;                                                                             \
    }
