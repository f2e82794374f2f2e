import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { chatMessages, type Chat } from '@korrigo/domain';
import { useChatStore } from '../hooks/use-chat-store';
import { createChatStore, type ChatBackend, type ChatStore } from '../utils/chat-store';
import { ChatPanel } from './chat-panel';

afterEach(() => {
  vi.useRealTimers();
});

function chat(id: string, name: string, messages: Chat['messages'] = []): Chat {
  return { id, name, timestamp: 1, messages };
}

function setup(server: Chat[]) {
  const notes: string[] = [];
  let release: ((answer: string) => void) | null = null;
  const backend: ChatBackend = {
    fetchChats: async () => server,
    saveChat: async (c) => c,
    deleteChat: async () => ({ ok: true }),
    ask: (_question, { onDelta }) =>
      new Promise<string>((resolve) => {
        release = (answer) => {
          onDelta(answer);
          resolve(answer);
        };
      }),
    readCache: () => ({ chats: [], unsynced: [] }),
    writeCache: () => undefined,
    notify: (_tone, message) => notes.push(message),
    newId: () => crypto.randomUUID(),
    now: () => new Date(),
  };
  const store = createChatStore(backend);
  return { store, notes, answer: (text: string) => release?.(text) };
}

function Harness({ store, graded }: { store: ChatStore; graded?: boolean }) {
  const state = useChatStore(store, { visible: true, title: 'Bruchrechnung' });
  return <ChatPanel store={store} state={state} graded={graded} />;
}

async function renderLoaded(store: ChatStore) {
  await act(async () => {
    await store.load();
  });
  return render(<Harness store={store} />);
}

describe('ChatPanel', () => {
  it('says it is an AI and greets 500 ms after opening', async () => {
    const { store } = setup([chat('a', 'Chat 1')]);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await renderLoaded(store);
    expect(screen.getByText(chatMessages.aiNotice)).toBeInTheDocument();
    const log = screen.getByRole('log', { name: chatMessages.conversation });
    act(() => vi.advanceTimersByTime(499));
    expect(within(log).queryByText(/Hallo!/)).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(within(log).getByText(chatMessages.greeting('Bruchrechnung'))).toBeInTheDocument();
    expect(screen.getByRole('group', { name: chatMessages.suggestionsLabel })).toBeInTheDocument();
  });

  it('asks first why there is no grade where the result has none', async () => {
    const { store } = setup([chat('a', 'Chat 1', [])]);
    await act(async () => {
      await store.load();
    });
    render(<Harness store={store} graded={false} />);
    const suggestions = await screen.findByRole('group', { name: chatMessages.suggestionsLabel });
    expect(within(suggestions).getAllByRole('button')[0]).toHaveTextContent('Warum gibt es noch keine Note?');
    expect(within(suggestions).queryByText('Wie kam die Note zustande?')).toBeNull();
  });

  it('keeps Send disabled while the question is blank or an answer is coming', async () => {
    const { store, answer } = setup([chat('a', 'Chat 1', [{ role: 'assistant', content: 'Hallo' }])]);
    await renderLoaded(store);
    const input = screen.getByLabelText(chatMessages.inputLabel);
    const send = screen.getByRole('button', { name: chatMessages.send });
    expect(send).toBeDisabled();
    fireEvent.change(input, { target: { value: '   ' } });
    expect(send).toBeDisabled();
    fireEvent.change(input, { target: { value: 'Was sollte geübt werden?' } });
    expect(send).toBeEnabled();
    fireEvent.click(send);
    expect(input).toHaveValue('');
    expect(screen.getByText(chatMessages.replying)).toBeInTheDocument();
    fireEvent.change(input, { target: { value: 'Noch eine Frage' } });
    expect(send).toBeDisabled();
    // Enter does not send either while the answer is coming
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(input).toHaveValue('Noch eine Frage');

    await act(async () => answer('Brüche addieren.'));
    expect(screen.getByText('Brüche addieren.')).toBeInTheDocument();
    expect(send).toBeEnabled();
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(input).toHaveValue('');
    const log = screen.getByRole('log');
    expect(within(log).getByText('Noch eine Frage')).toBeInTheDocument();
  });

  it('renames with a non-empty name and shows why a blank one is refused', async () => {
    const { store } = setup([chat('a', 'Chat 1', [{ role: 'assistant', content: 'Hallo' }])]);
    await renderLoaded(store);
    fireEvent.click(screen.getByRole('button', { name: chatMessages.rename }));
    const field = screen.getByLabelText(chatMessages.nameLabel);
    fireEvent.change(field, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: chatMessages.save }));
    expect(screen.getByText(chatMessages.nameRequired)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');

    fireEvent.change(field, { target: { value: ' Fragen zur Note ' } });
    fireEvent.click(screen.getByRole('button', { name: chatMessages.save }));
    expect(screen.getByRole('combobox', { name: chatMessages.chooseChat })).toHaveDisplayValue(
      'Fragen zur Note',
    );
  });

  it('asks before deleting, and never deletes the last chat', async () => {
    const { store, notes } = setup([chat('a', 'Chat 1'), chat('b', 'Chat 2')]);
    await renderLoaded(store);
    fireEvent.click(screen.getByRole('button', { name: chatMessages.delete }));
    const dialog = screen.getByRole('alertdialog', { name: chatMessages.deleteTitle });
    expect(dialog).toHaveTextContent('Der Chat „Chat 2“ wird mit allen Nachrichten gelöscht.');
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: chatMessages.deleteConfirm }));
    });
    const select = screen.getByRole('combobox', { name: chatMessages.chooseChat });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Chat 1']);

    fireEvent.click(screen.getByRole('button', { name: chatMessages.delete }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await act(async () => undefined);
    expect(notes).toContain('Sie können den letzten Chat nicht löschen.');
  });
});
