export type Notice = {
  /** 'success' is announced politely (role status); 'error' assertively (role alert) in the destructive style. */
  kind: 'success' | 'error'
  title: string
  description?: string
}

export type Notifier = { show: (notice: Notice) => void }
