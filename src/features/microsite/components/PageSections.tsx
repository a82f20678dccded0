import { Text, View } from '@tarojs/components'
import type { MicrositeStyle } from '@contracts/microsite'
import { useI18n } from '@/lib/i18n'
import { useOpenModule } from '../hooks/useOpenModule'
import { usePage } from '../hooks/usePage'
import { inLanguage } from '../model/texts'
import { LockBadge } from './LockBadge'
import { ModuleIcon } from './ModuleIcon'
import { PageState } from './PageState'
import { RichContentView } from './RichContentView'
import { pressable } from '@/ui/pressable'

/** a page as sections: text modules are read in place, the others are rows that lead on */
export function PageSections({ eventCode, style, pageCode }: { eventCode: string; style: MicrositeStyle; pageCode: string }) {
  const { t, lang } = useI18n()
  const { page, items, status, missing, retry } = usePage(eventCode, pageCode)
  const open = useOpenModule(style, pageCode)
  return (
    <PageState status={status} missing={missing} retry={retry}>
      {() => (
        <View className='ms-detail'>
          <Text className='ms-detail__title'>{page ? inLanguage(lang, page.titleZh, page.titleEn) : ''}</Text>
          {items.length === 0 && <Text className='ms-detail__empty'>{t('microsite.empty')}</Text>}
          {items.map((item) =>
            item.module.kind === 'text' ? (
              <View key={item.module.moduleCode} className='ms-section'>
                <Text className='ms-section__title'>{item.text?.title ?? ''}</Text>
                {item.text?.subtitle ? <Text className='ms-section__subtitle'>{item.text.subtitle}</Text> : null}
                {item.text?.content ? <RichContentView content={item.text.content} /> : null}
              </View>
            ) : (
              <View key={item.module.moduleCode} className={`ms-row ms-row--${item.module.kind}`} {...pressable(() => open(item))}>
                <ModuleIcon className='ms-row__icon' icon={item.module.icon} color={item.module.color} />
                <View className='ms-row__text'>
                  <Text className='ms-row__title'>{item.text?.title ?? ''}</Text>
                  {item.text?.subtitle ? <Text className='ms-row__subtitle'>{item.text.subtitle}</Text> : null}
                  <LockBadge access={item.module.targetAccess} />
                </View>
                <Text className='ms-row__arrow'>›</Text>
              </View>
            ),
          )}
        </View>
      )}
    </PageState>
  )
}
