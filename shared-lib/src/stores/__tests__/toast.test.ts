import { dismissToast, toast, useToastStore } from '../toast';

it('queues toasts with defaults, keeps the last three and dismisses by id', () => {
  const first = toast({ title: 'One' });
  toast({ title: 'Two', variant: 'destructive', description: 'Oops' });
  toast({ title: 'Three' });
  toast({ title: 'Four' });
  expect(useToastStore.getState().toasts.map((t) => t.title)).toEqual(['Two', 'Three', 'Four']);
  expect(useToastStore.getState().toasts[0]).toMatchObject({
    variant: 'destructive',
    description: 'Oops',
    // An error stays until it is dismissed (WCAG 2.2.1); others go after five seconds.
    duration: Infinity,
  });
  expect(useToastStore.getState().toasts[1]).toMatchObject({ duration: 5000 });
  dismissToast(first);
  expect(useToastStore.getState().toasts).toHaveLength(3);
  dismissToast(useToastStore.getState().toasts[0]!.id);
  expect(useToastStore.getState().toasts.map((t) => t.title)).toEqual(['Three', 'Four']);
});

it('replaces the earlier toasts of the same group instead of piling them up', () => {
  toast({ title: 'Elsewhere' });
  toast({
    title: 'Validation Error',
    description: 'Name is required',
    variant: 'destructive',
    group: 'form-a',
  });
  toast({ title: 'Other form', group: 'form-b' });
  toast({ title: 'Success! 🎉', group: 'form-a' });
  expect(useToastStore.getState().toasts.map((t) => t.title)).toEqual([
    'Elsewhere',
    'Other form',
    'Success! 🎉',
  ]);
});

it('dismisses every toast of a group at once, and only those (#45.3)', () => {
  toast({ title: 'Elsewhere' });
  toast({ title: 'Validation Error', variant: 'destructive', group: 'checkout' });
  toast({ title: 'Too many attempts', variant: 'destructive', group: 'checkout' });
  toast({ title: 'Other form', group: 'form-b' });
  useToastStore.getState().dismissGroup('checkout');
  expect(useToastStore.getState().toasts.map((t) => t.title)).toEqual(['Elsewhere', 'Other form']);
});
