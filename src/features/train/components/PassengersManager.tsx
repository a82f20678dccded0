import { useRouter } from '@tarojs/taro'
import { useState } from 'react'
import type { Traveller } from '@contracts/calls/train/travellers'
import { useI18n } from '../i18n'
import { goBack } from '@/lib/router/navigate'
import { Notice } from '@/ui/Notice'
import { useTravellers } from '../hooks/useTravellers'
import { PassengerForm } from './PassengerForm'
import { TravellerList } from './TravellerList'

/**
 * editOrAddPassengers: the saved travellers, and the form to add or edit one. `?mode=add` opens the
 * form at once (the reservation's "add passenger") and closes the page once saved; `?id=` edits one.
 */
export function PassengersManager() {
  const { t } = useI18n()
  const { params } = useRouter()
  const travellers = useTravellers()
  const [editing, setEditing] = useState<Traveller | 'new' | null>(params.mode === 'add' ? 'new' : null)
  const direct = params.mode === 'add' || !!params.id
  const byId = params.id ? travellers.data?.find((x) => String(x.id) === params.id) : undefined
  const current = editing === 'new' ? undefined : (editing ?? byId)

  if (travellers.status === 'error' && !travellers.data)
    return <Notice text={t('train.common.loadFailed')} action={{ label: t('common.retry'), onClick: travellers.retry }} />
  if (editing || byId) {
    return (
      <PassengerForm
        key={current?.id ?? 'new'}
        traveller={current}
        onSaved={() => {
          travellers.retry()
          if (direct) goBack('trainHome')
          else setEditing(null)
        }}
      />
    )
  }
  if (!travellers.data) return null
  return <TravellerList travellers={travellers.data} onEdit={setEditing} onAdd={() => setEditing('new')} onChanged={travellers.retry} />
}
