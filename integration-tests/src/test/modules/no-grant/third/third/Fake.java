package third;

/**
 * A model interface of the attacker's, whose "binding" registers a description of its own with a
 * provider borrowed from the model module (which has native access): the description would size
 * the buffers the doubler's run writes.
 */
public interface Fake {
    void run(byte[] x, byte[] y);
}
