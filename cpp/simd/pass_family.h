// Inside an ISA pass (isa.h): the pass's vector family, and `family` naming it, so kernels.inl
// writes family::U32<kPass.ext> once for every ISA. No include guard: one pass per file.
#include SP_PASS_FAMILY_HEADER
SP_PASS_FAMILY_ALIAS
