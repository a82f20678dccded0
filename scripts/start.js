#!/usr/bin/env node
/**
 * `npm start`: build the H5 app and the organisers' console, then run the API server, which serves
 * both builds (the console at /admin/) and /api on one port and prints the addresses to open.
 * SKIP_BUILD=1 reuses an existing dist/h5 and dist/console.
 */
const { spawnSync, spawn } = require('child_process')
const fs = require('fs')
const path = require('path')

const root = path.resolve(__dirname, '..')
const h5Index = path.join(root, 'dist', 'h5', 'index.html')
const consoleIndex = path.join(root, 'dist', 'console', 'index.html')

if (process.env.SKIP_BUILD !== '1' || !fs.existsSync(h5Index)) {
  console.log('Building the H5 app (dist/h5)…')
  const taro = path.join(root, 'node_modules', '@tarojs', 'cli', 'bin', 'taro')
  const r = spawnSync(process.execPath, [taro, 'build', '--type', 'h5'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production' },
  })
  if (r.status !== 0 || !fs.existsSync(h5Index)) {
    console.error('H5 build failed')
    process.exit(r.status || 1)
  }
}

if (process.env.SKIP_BUILD !== '1' || !fs.existsSync(consoleIndex)) {
  console.log("Building the organisers' console (dist/console)…")
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js')
  const r = spawnSync(
    process.execPath,
    [vite, 'build', '--configLoader', 'runner', '--config', path.join(root, 'console', 'vite.config.mts'), '--logLevel', 'warn'],
    {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, NODE_ENV: 'production', VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' },
    },
  )
  if (r.status !== 0 || !fs.existsSync(consoleIndex)) {
    console.error('Console build failed')
    process.exit(r.status || 1)
  }
}

const tsxCli = require.resolve('tsx/cli')
const server = spawn(process.execPath, [tsxCli, path.join(root, 'server', 'src', 'server.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: { STATIC_DIR: path.join(root, 'dist', 'h5'), CONSOLE_DIR: path.join(root, 'dist', 'console'), ...process.env },
})
const stop = (sig) => server.kill(sig)
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
server.on('exit', (code) => process.exit(code ?? 0))
