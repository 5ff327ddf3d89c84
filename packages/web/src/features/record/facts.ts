// The facts shown while an attempt uploads (spec 02 §3 "caption fact", §9): 32, eight in each
// category. Written for RepTemple; records are the widely reported ones, with their year.

export type FactCategory = 'record' | 'benefit' | 'fact' | 'fun';

export interface CaptionFact {
  text: string;
  category: FactCategory;
}

export const CAPTION_FACTS: readonly CaptionFact[] = [
  // record
  { category: 'record', text: 'Minoru Yoshida of Japan did 10,507 push-ups in a row in 1980.' },
  {
    category: 'record',
    text: 'Charles Servizio did 46,001 push-ups in 21 hours and 21 minutes in 1993.',
  },
  {
    category: 'record',
    text: 'Paddy Doyle is reported to have done over 1.5 million push-ups in a single year, 1988 to 1989.',
  },
  {
    category: 'record',
    text: 'Push-up records count only full reps: a straight body, a deep bend and locked-out arms.',
  },
  {
    category: 'record',
    text: 'Armies and police academies around the world have tested recruits with timed push-up sets for decades.',
  },
  {
    category: 'record',
    text: 'In most push-up contests, like this one, the best session counts and ties go to the cleaner form.',
  },
  {
    category: 'record',
    text: 'Record attempts are filmed so judges can check every rep afterwards, just as your video is kept here.',
  },
  {
    category: 'record',
    text: 'One-arm and fingertip push-up records exist too, each with its own rules.',
  },
  // benefit
  {
    category: 'benefit',
    text: 'A push-up trains your chest, shoulders, triceps and core in one move.',
  },
  {
    category: 'benefit',
    text: 'Every push-up holds a plank: your core works the whole time to keep your hips in line.',
  },
  {
    category: 'benefit',
    text: 'No equipment needed: a standard push-up lifts roughly two thirds of your body weight.',
  },
  {
    category: 'benefit',
    text: 'Knee push-ups lift about half your body weight, a good step towards full ones.',
  },
  {
    category: 'benefit',
    text: 'Strength training a few times a week helps keep muscles and bones strong as you age.',
  },
  {
    category: 'benefit',
    text: 'A 2019 study of firefighters linked doing 40 or more push-ups with a much lower risk of heart disease over ten years.',
  },
  {
    category: 'benefit',
    text: 'Push-ups strengthen the muscles around your shoulder blades, which keeps shoulders stable.',
  },
  {
    category: 'benefit',
    text: 'Short daily sets build a habit that sticks better than rare long workouts.',
  },
  // fact
  {
    category: 'fact',
    text: 'Raising your feet makes a push-up harder; raising your hands makes it easier.',
  },
  {
    category: 'fact',
    text: 'Hands wider than your shoulders load the chest more; a narrow grip works the triceps harder.',
  },
  {
    category: 'fact',
    text: 'Lowering slowly, over three seconds, makes each rep harder without adding any weight.',
  },
  {
    category: 'fact',
    text: 'A clean rep bends the elbows to about 90 degrees or lower, then locks them out at the top.',
  },
  { category: 'fact', text: 'Breathe in on the way down and out as you push up.' },
  { category: 'fact', text: 'A straight line from head to heels protects your lower back.' },
  {
    category: 'fact',
    text: 'The pose coach finds 33 points on your body in every frame to judge each rep.',
  },
  { category: 'fact', text: 'In British English a push-up is called a press-up.' },
  // fun
  { category: 'fun', text: 'Ten push-ups a day add up to 3,650 in a year.' },
  {
    category: 'fun',
    text: 'On the Moon you would weigh about a sixth as much, so push-ups would feel very light.',
  },
  {
    category: 'fun',
    text: 'Clap push-ups need enough power to lift your hands off the floor and back in time.',
  },
  { category: 'fun', text: 'Bruce Lee is said to have trained two-finger push-ups.' },
  { category: 'fun', text: 'Your camera sends about 24 pictures a second while the coach counts.' },
  { category: 'fun', text: 'A push-up a minute through a working day is about 480 reps.' },
  {
    category: 'fun',
    text: 'Push-ups work anywhere: a gym floor, a hotel room, a beach, a conference hall.',
  },
  {
    category: 'fun',
    text: 'The coach counts only clean reps, so every rep on the board was earned.',
  },
];
