declare module "vitest" {
  export interface ProvidedContext {
    /** Which database the integration tests of this project run on. */
    testDatabase:
      | { kind: "pglite"; templateFile: string }
      | { kind: "postgres"; adminUrl: string; templateName: string };
  }
}
export {};
