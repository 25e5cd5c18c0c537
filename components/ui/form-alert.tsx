/** A form's error or warning line, announced to screen readers (role="alert"). */
export function FormAlert({ children }: { children: React.ReactNode }) {
  return (
    <p role="alert" className="text-sm text-rose-600">
      {children}
    </p>
  );
}
