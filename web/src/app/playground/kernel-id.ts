// The kernel id a user's kernel has in every build of the playground (cpp/puzzles/<p>/playground/slot.inl).
export const YOURS = 'yours';
