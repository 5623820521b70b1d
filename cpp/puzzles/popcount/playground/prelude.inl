// Included before a playground user's popcount source, inside its ISA pass: nothing to add (the
// family, kPass and the standard library are there already).
