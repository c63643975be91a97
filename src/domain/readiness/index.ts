export { gradeReadiness, READINESS_CHECKS, type GradedRun, type ReadinessNarrowing } from './checks.js';
export type { CheckResult, CheckStatus, LeftOut, ReadinessCheck, ReadinessReport, Verdict } from './report.js';
export type { Evidence } from './evidence.js';
export { formatReadinessJunit, formatReadinessTable } from './report-formats.js';
