/** The problems of the last check, beside the editor: each names its place, and a click (or Enter) goes there. */
import { Alert, Button, List, Typography } from 'antd'
import type { ContentProblem } from '@contracts/admin/content'
import { useT } from '../lib/i18n'
import { pathText } from './json-path'

export function ProblemList({ problems, checked, onReveal }: { problems: ContentProblem[]; checked: boolean; onReveal(p: ContentProblem): void }) {
  const t = useT()
  if (!checked) return <Typography.Paragraph type='secondary'>{t('content.notChecked')}</Typography.Paragraph>
  if (!problems.length) return <Alert type='success' showIcon title={t('content.noProblems')} />
  return (
    <div role='region' aria-label={t('content.problems')}>
      <Typography.Paragraph role='status' strong>
        {t('content.problemCount', { n: problems.length })}
      </Typography.Paragraph>
      <List
        size='small'
        bordered
        dataSource={problems}
        renderItem={(p, i) => (
          <List.Item key={i}>
            <Button
              type='link'
              className='content-problem'
              onClick={() => onReveal(p)}
              style={{ height: 'auto', padding: 0, textAlign: 'start', whiteSpace: 'normal' }}
            >
              <span>
                <code>{pathText(p.path) || t('content.wholeFile')}</code> {p.message}
              </span>
            </Button>
          </List.Item>
        )}
      />
    </div>
  )
}
