import Taro from '@tarojs/taro'
import { redirectTo } from '@/lib/router/navigate'

/**
 * After a refund or change was asked (or paid, or undone): back to the order page it was opened
 * from, which reads the order again as it shows, rather than a second copy of it on the stack;
 * to a fresh order page when it was opened another way (a link, the orders list).
 */
export function backToOrder(orderId: number): void {
  const pages = Taro.getCurrentPages()
  const previous = pages[pages.length - 2] as { route?: string; options?: Record<string, string> } | undefined
  if (previous?.route?.includes('airTicket/airOrderDetails') && Number(previous.options?.orderId) === orderId) {
    void Taro.navigateBack()
    return
  }
  void redirectTo('airOrderDetails', { orderId })
}
