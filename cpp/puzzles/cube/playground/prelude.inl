// Included before a playground user's cube source, inside its ISA pass: the driver that runs
// every op on a cube ops type, and PowerChain (the inverse by powers), as kernels.inl has them.
#include "puzzles/cube/driver.h"
