// Placeholder: server core writes the configuration next.
export interface Config {
  nodeEnv: string;
  port: number;
  publicUrl: string;
}
