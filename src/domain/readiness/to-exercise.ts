/** The scenario whose faults exercise every check but no-blind-retry-on-4xx. */
export const DRILL_SCENARIO = 'readiness-drill';

/** What a grade knows of the run besides its requests. */
export interface GradeContext {
  /** Whether the requests were sent to the drill, which a not-exercised summary should not tell to run again. */
  drill: boolean;
}

/**
 * What would exercise a check, for a not-exercised summary: in the drill, what of it does (`inDrill`);
 * elsewhere, the drill (`drillPart` names what of it does) or the partner's own suite under chaos.
 */
export function toExercise(context: GradeContext, inDrill: string, drillPart: string): string {
  if (context.drill) return inDrill;
  return `run the drill (scenario ${DRILL_SCENARIO}), whose ${drillPart}, or your own suite under chaos (esim-sandbox serve --chaos 0.1)`;
}
