import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { useMutation } from '@tanstack/react-query'
import { Button } from '#components/ui/button.tsx'
import { cn } from '#lib/cn.ts'
import { signIn } from '../api/queries.ts'
import { signInProblem, type SignInProblem } from '../lib/sign-in-error.ts'

type SignInFormProps = { onSignedIn: () => void }

/** Password form: a wrong password says so; a rate limit says how long to wait and disables the button until then. */
export function SignInForm({ onSignedIn }: SignInFormProps) {
  const id = useId()
  const inputRef = useRef<HTMLInputElement>(null)
  const [password, setPassword] = useState('')
  const [problem, setProblem] = useState<SignInProblem>()
  const [waiting, setWaiting] = useState(false)
  const mutation = useMutation({
    mutationFn: signIn,
    onSuccess: () => {
      setProblem(undefined)
      onSignedIn()
    },
    onError: (error) => {
      const p = signInProblem(error)
      setProblem(p)
      if (p.waitSeconds) setWaiting(true)
      inputRef.current?.select()
    },
  })

  // The button comes back when the server's wait is over.
  const waitSeconds = problem?.waitSeconds
  useEffect(() => {
    if (!waitSeconds) return
    const timer = setTimeout(() => setWaiting(false), waitSeconds * 1000)
    return () => clearTimeout(timer)
  }, [waitSeconds, problem])

  function submit(e: FormEvent) {
    e.preventDefault()
    if (!password) {
      setProblem({ message: 'Enter the dashboard password.' })
      inputRef.current?.focus()
      return
    }
    mutation.mutate(password)
  }

  const errorId = `${id}-error`
  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Sign in">
      <div>
        <label htmlFor={id} className="block text-sm font-medium">
          Password
        </label>
        <input
          ref={inputRef}
          id={id}
          name="password"
          type="password"
          autoComplete="current-password"
          autoFocus
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? errorId : undefined}
          className={cn(
            'mt-1 w-full rounded border px-3 py-2',
            problem ? 'border-red-600' : 'border-slate-300',
          )}
        />
      </div>
      {problem && (
        <p
          id={errorId}
          role="alert"
          className="rounded border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900"
        >
          {problem.message}
        </p>
      )}
      <Button type="submit" variant="primary" disabled={mutation.isPending || waiting}>
        {mutation.isPending ? 'Signing in…' : 'Sign in'}
      </Button>
    </form>
  )
}
