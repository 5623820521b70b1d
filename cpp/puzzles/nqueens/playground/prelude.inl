// Included before a playground user's N-queens source, inside its ISA pass: nothing to add
// (root_branches, full_mask and the family are there already).
