/* The twins under their own prefixes only: "twin" alone is ambiguous here. */
#include "acme_twin.h"
#include "fw_twin.h"
#include "twins.h"

TWIN_RUN(acme, 2)
TWIN_RUN(fw, 3)
