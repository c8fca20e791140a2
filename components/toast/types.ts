/** A toast: what notify() is given and what the notification area shows. */
export type Notice = {
  /** 'success' is announced politely (role status); 'error' assertively (role alert) in the destructive style. */
  kind: 'success' | 'error'
  title: string
  description?: string
}

/** The notification area once mounted (components/toast/ToastViewport.tsx): shows a notice. */
export type Notifier = { show: (notice: Notice) => void }
