export {
  buildDiagnosticReport,
  formatDiagnosticReport,
  type DiagnosticReport,
  type DiagnosticsSources,
  type JobLine,
} from './report';
