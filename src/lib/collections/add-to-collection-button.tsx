/** "Add to collection" wired to its data, for the list views: one import, one element. */
import { useState } from 'react'
import { AddToCollection, type AddToCollectionProps } from '#components/add-to-collection.tsx'
import { useAddToCollection } from './use-add-to-collection.ts'

export function AddToCollectionButton(props: Omit<AddToCollectionProps, 'adder' | 'open' | 'onOpenChange'>) {
  const [open, setOpen] = useState(false)
  const adder = useAddToCollection(open)
  return <AddToCollection adder={adder} open={open} onOpenChange={setOpen} {...props} />
}
