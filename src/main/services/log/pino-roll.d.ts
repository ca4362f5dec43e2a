/** The part of pino-roll (it ships no types) that services/log uses. */
declare module 'pino-roll' {
  interface PinoRollOptions {
    file: string;
    size?: string | number;
    frequency?: string | number;
    extension?: string;
    limit?: { count?: number; removeOtherLogFiles?: boolean };
    symlink?: boolean;
    mkdir?: boolean;
    sync?: boolean;
  }
  /** Opens the first file and answers a SonicBoom stream that rolls by size or time. */
  function pinoRoll(options: PinoRollOptions): Promise<NodeJS.WritableStream>;
  export default pinoRoll;
}
