// The module's one function is inline, in its header; this file gives the target a source.
#include "CEtchPrefetch.h"
