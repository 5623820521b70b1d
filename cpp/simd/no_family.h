#pragma once
// The family of the scalar passes (popcnt, bmi2; isa.h): none. Their kernels are plain code that
// the pass's target lets the compiler build with those instructions.
