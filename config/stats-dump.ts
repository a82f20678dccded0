import fs from 'fs'

/** writes webpack's module and chunk stats to `file` when a build is done (H5_STATS, config/index.ts) */
export class StatsDump {
  constructor(private readonly file: string) {}
  apply(compiler: { hooks: { done: { tap(name: string, fn: (stats: { toJson(o: object): unknown }) => void): void } } }): void {
    compiler.hooks.done.tap('stats-dump', (stats) => {
      const json = stats.toJson({
        all: false,
        modules: true,
        chunks: true,
        chunkModules: true,
        nestedModules: true,
        reasons: true,
        ids: true,
        assets: true,
        dependentModules: true,
        modulesSpace: Infinity,
        chunkModulesSpace: Infinity,
        nestedModulesSpace: Infinity,
      })
      fs.writeFileSync(this.file, JSON.stringify(json))
    })
  }
}
