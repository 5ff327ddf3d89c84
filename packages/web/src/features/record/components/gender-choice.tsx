import type { ParticipantGender } from '../../../data/challenges/challenge-status';
import { cn } from '../../../lib/cn';

const OPTIONS: { value: ParticipantGender; label: string }[] = [
  { value: 'male', label: 'Male' },
  { value: 'female', label: 'Female' },
];

/** Male or female (spec 02 §5), as two large radio buttons (the leaderboard's tabs). */
export function GenderChoice(props: {
  value: ParticipantGender;
  onChange: (gender: ParticipantGender) => void;
  disabled?: boolean;
}) {
  return (
    <fieldset className="grid gap-1.5">
      <legend className="mb-1.5 text-sm font-medium">Gender</legend>
      <div className="grid grid-cols-2 gap-2">
        {OPTIONS.map((option) => (
          <label
            key={option.value}
            className={cn(
              'flex h-12 cursor-pointer items-center justify-center rounded-md border text-base font-semibold transition-colors',
              props.value === option.value
                ? 'border-gold bg-gold/15 text-gold-bright'
                : 'border-line bg-page text-ink hover:border-gold/40',
            )}
          >
            <input
              type="radio"
              name="gender"
              value={option.value}
              checked={props.value === option.value}
              onChange={() => props.onChange(option.value)}
              disabled={props.disabled}
              className="sr-only"
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
