import { useState, type FormEvent } from 'react';

type Errors<F> = Partial<Record<keyof F, string>>;

/**
 * Form state with the rule of R-VAL-1 … R-VAL-4: on submit the messages show, and the form is sent only when there
 * are none. After a first submit, messages follow the typing so a fixed field loses its error.
 */
export function useValidatedForm<F extends object>(initial: F, validate: (values: F) => Errors<F>) {
  const [values, setValues] = useState(initial);
  const [submitted, setSubmitted] = useState(false);
  // Derived, so several changes before one render (fields typed before the app ran, handed over
  // together by the Form) each build on the last.
  const errors: Errors<F> = submitted ? validate(values) : {};

  const change =
    <K extends keyof F>(field: K) =>
    (value: F[K]) =>
      setValues((current) => ({ ...current, [field]: value }));

  const handleSubmit = (onValid: (values: F) => void) => (event: FormEvent) => {
    event.preventDefault();
    const found = validate(values);
    setSubmitted(true);
    if (Object.keys(found).length === 0) onValid(values);
  };

  const reset = () => {
    setValues(initial);
    setSubmitted(false);
  };

  return { values, errors, change, handleSubmit, reset };
}
