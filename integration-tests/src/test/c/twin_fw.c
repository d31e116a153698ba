/* One twin only: "twin" alone means it here. */
#include "fw_twin.h"
#include "twins.h"

TWIN_RUN(fw, 3)
