/** The autonomy level an agent declares, `L0` (none) to `L5` (full). */
export type AutonomyLevel = "L0" | "L1" | "L2" | "L3" | "L4" | "L5";

/** Every autonomy level in ascending order. */
export const AUTONOMY_LEVELS: readonly AutonomyLevel[] = ["L0", "L1", "L2", "L3", "L4", "L5"];
