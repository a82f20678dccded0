/**
 * Client test setup (runs before each test file, see jest.config.js and TOOLCHAIN.md "Jest with Taro").
 * Order matters:
 *  1. TARO_ENV first: src/ reads process.env.TARO_ENV at call time (H5 branches).
 *  2. require('@tarojs/taro') before anything else Taro: it breaks a circular import
 *     (else "Cannot read properties of undefined (reading 'history')").
 *  3. createH5NativeComponentConfig hands React to the Taro React runtime
 *     (else Taro hooks fail with "React.useContext is not a function").
 */
export {}

process.env.TARO_ENV = 'h5'
process.env.TARO_PLATFORM = 'web'

/* eslint-disable @typescript-eslint/no-var-requires */
require('@tarojs/taro')
require('@tarojs/plugin-framework-react/dist/runtime').createH5NativeComponentConfig(() => null, require('react'), require('react-dom'))
