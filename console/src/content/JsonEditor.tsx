/**
 * The JSON editor (CodeMirror 6): each problem of the last check marked at its place, found from its
 * JSON path on the syntax tree (json-path.ts). Tab indents; Escape then Tab leaves the editor
 * (CodeMirror's own way out, told in the hint under it), so a keyboard never stays trapped.
 */
import { forwardRef, useEffect, useImperativeHandle, useMemo, useRef } from 'react'
import CodeMirror, { EditorView } from '@uiw/react-codemirror'
import { json } from '@codemirror/lang-json'
import { Prec } from '@codemirror/state'
import { lintGutter, setDiagnostics, type Diagnostic } from '@codemirror/lint'
import type { ContentProblem } from '@contracts/admin/content'
import { rangeOfPath } from './json-path'

export interface JsonEditorHandle {
  /** selects the place of a problem's path and moves the focus there */
  reveal(path: ContentProblem['path']): void
}

interface Props {
  value: string
  onChange(value: string): void
  problems: ContentProblem[]
  label: string
  hintId: string
}

export const JsonEditor = forwardRef<JsonEditorHandle, Props>(function JsonEditor({ value, onChange, problems, label, hintId }, ref) {
  const view = useRef<EditorView | null>(null)
  const extensions = useMemo(
    () => [
      json(),
      lintGutter(),
      EditorView.lineWrapping,
      // Escape always opens the way out, also when it first drops a selection (a problem's place is selected)
      Prec.highest(
        EditorView.domEventHandlers({
          keydown: (e, v) => {
            if (e.key === 'Escape') v.setTabFocusMode(2000)
            return false
          },
        }),
      ),
      // tabindex: the scrolled region holds a control a keyboard reaches (axe scrollable-region-focusable)
      EditorView.contentAttributes.of({ 'aria-label': label, 'aria-describedby': hintId, tabindex: '0' }),
    ],
    [label, hintId],
  )

  useEffect(() => {
    const v = view.current
    if (!v) return
    const diagnostics: Diagnostic[] = problems.map((p) => ({ ...rangeOfPath(v.state, p.path), severity: 'error', message: p.message }))
    v.dispatch(setDiagnostics(v.state, diagnostics))
  }, [problems])

  useImperativeHandle(ref, () => ({
    reveal(path) {
      const v = view.current
      if (!v) return
      const { from, to } = rangeOfPath(v.state, path)
      v.dispatch({ selection: { anchor: from, head: to }, effects: EditorView.scrollIntoView(from, { y: 'center' }) })
      v.focus()
    },
  }))

  return (
    <CodeMirror
      value={value}
      onChange={onChange}
      extensions={extensions}
      height='520px'
      basicSetup={{ foldGutter: true, highlightActiveLine: true }}
      onCreateEditor={(v) => {
        view.current = v
      }}
      className='content-editor'
    />
  )
})
